/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-plan.c - from typed To:/Cc: to computed To:/Cc:, one change a line. */
#include "pcc-plan.h"
#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-rfc2047.h"

#include <string.h>

struct _PccPlan
{
  GPtrArray *changes; /* PccChange * */
  PccResult *full;    /* default options: roles and reasons */
};

void
pcc_plan_options_init (PccPlanOptions *opts)
{
  opts->split = PCC_SPLIT_B4;
  opts->drop_lkml_for_new_files = FALSE;
  opts->rest_rule = PCC_REST_FALLBACK;
}

static void
change_free (gpointer p)
{
  PccChange *c = p;
  g_free (c->address);
  g_free (c->email);
  g_free (c->reason);
  g_free (c);
}

void
pcc_plan_free (PccPlan *plan)
{
  if (plan == NULL)
    return;
  g_ptr_array_unref (plan->changes);
  pcc_result_free (plan->full);
  g_free (plan);
}

static PccResult *
run (PccEngine *engine, const PccPlanOptions *po, PccPatch *const *patches,
     guint n, int mode, GError **error)
{
  PccOptions o;
  pcc_options_init (&o);
  o.rest_rule = po->rest_rule;
  o.skip_dev_null = po->drop_lkml_for_new_files;
  o.email_git_fallback = FALSE;
  if (mode != 0)
    pcc_options_set_b4 (&o, mode == 1 ? PCC_B4_TO : PCC_B4_CC);
  PccResult *r = NULL;
  if (pcc_options_finish (&o, error))
    r = pcc_engine_compute (engine, &o, patches, n, error);
  pcc_options_clear (&o);
  return r;
}

/* bare address (lower case) -> the first recipient of @r with it */
static GHashTable *
index_recipients (const PccResult *r)
{
  GHashTable *h
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < pcc_result_get_n_recipients (r); i++)
    {
      const PccRecipient *rc = pcc_result_get_recipient (r, i);
      char *k = pcc_email_key (rc->email);
      if (g_hash_table_contains (h, k))
        g_free (k);
      else
        g_hash_table_insert (h, k, (gpointer) rc);
    }
  return h;
}

/* The lists of the THE REST section. */
static GPtrArray *
rest_lists (PccEngine *engine)
{
  PccMaintainers *m = pcc_engine_get_maintainers (engine);
  GPtrArray *out = g_ptr_array_new_with_free_func (g_free);
  guint n = pcc_maintainers_get_n_entries (m);
  for (guint i = 0; i < n; i++)
    {
      if (pcc_maintainers_entry_type (m, i) != 'L'
          || strcmp (pcc_maintainers_section_name (m, i), "THE REST") != 0)
        continue;
      const char *v = pcc_maintainers_entry_value (m, i);
      gsize len = strcspn (v, " \t");
      g_autofree char *addr = g_strndup (v, len);
      g_ptr_array_add (out, pcc_email_key (addr));
    }
  return out;
}

static gboolean
str_in (GPtrArray *a, const char *s)
{
  for (guint i = 0; i < a->len; i++)
    if (strcmp (a->pdata[i], s) == 0)
      return TRUE;
  return FALSE;
}

/* Why THE REST's list is in (or out of) the result, for people. */
static char *
rest_reason (const PccResult *full, gboolean kept)
{
  for (guint i = 0; i < pcc_result_get_n_files (full); i++)
    {
      const PccFileRest *fr = pcc_result_get_file_rest (full, i);
      if (kept
          && (fr->decision == PCC_REST_KEPT_NO_LIST
              || fr->decision == PCC_REST_KEPT_ALWAYS))
        {
          if (strcmp (fr->file, "dev/null") == 0)
            return g_strdup ("THE REST fallback: the patch adds or deletes a "
                             "file (get_maintainer.pl counts /dev/null as a "
                             "file that only THE REST matches)");
          return g_strdup_printf ("THE REST fallback: %s has no other section "
                                  "with a mailing list",
                                  fr->file);
        }
    }
  if (kept)
    return g_strdup ("THE REST fallback");
  return g_strdup ("THE REST is only a fallback: every file of the patch "
                   "has a mailing list of its own");
}

static char *
reason_for (const PccResult *full, const PccRecipient *rc,
            GPtrArray *rest_keys)
{
  if (rc == NULL)
    return g_strdup ("computed");
  g_autofree char *key = pcc_email_key (rc->email);
  if (str_in (rest_keys, key))
    return rest_reason (full, TRUE);
  g_autofree char *why = pcc_result_describe_reason (full, rc);
  return g_strdup_printf ("%s: %s", rc->role, why);
}

static PccChange *
add_change (PccPlan *plan, PccChangeKind kind, PccField field,
            const char *address, const char *email, char *reason,
            gboolean typed, const PccRecipient *recipient)
{
  PccChange *c = g_new0 (PccChange, 1);
  c->recipient = recipient;
  c->kind = kind;
  c->field = field;
  c->address = g_strdup (address);
  c->email = g_strdup (email);
  c->reason = reason;
  c->typed = typed;
  c->enabled = TRUE;
  g_ptr_array_add (plan->changes, c);
  return c;
}

/* Why @address cannot go into a To:/Cc: header (or a mail client's row)
 * as the one recipient @email, or NULL when it can: no control byte,
 * UTF-8 text (a row is a GTK entry's text; a header of a series mail is
 * encoded from UTF-8), no encoded word for a control byte (a typed one
 * is kept as written; a computed one is not written at all), and a mail
 * reader finds exactly that mailbox in
 * it, alone or between two others (a header joins the addresses with
 * commas, and libetpan reads a quoted name that starts with an encoded
 * word, then more text, as running up to the next quote: the next
 * address is then lost).  get_maintainer.pl's parse_email() keeps what a
 * MAINTAINERS or .mailmap entry gives ("evil@x.org> Name <enc@x.org"
 * for "<evil@x.org> Name <enc@x.org>"); the review shows it as one
 * recipient, so it must be written as one or not at all. */
static const char *
unwritable (const char *address, const char *email)
{
  g_autofree char *want = pcc_email_key (email);

  g_autofree char *decoded = NULL;

  if (pcc_email_has_control (address))
    return "has a control character";
  if (!g_utf8_validate (address, -1, NULL))
    return "is not UTF-8 text";
  /* mail readers decode encoded words, many even inside quotes; without
   * an "=?" there is none, and the text (checked above) is what they
   * show, so the decoder (an iconv for every word) is not asked */
  if (strstr (address, "=?") != NULL)
    decoded = pcc_rfc2047_decode (address);
  if (decoded != NULL && pcc_email_has_control (decoded))
    return "has an encoded word for a control character";
  for (guint round = 0; round < 2; round++)
    {
      g_autofree char *text
          = round == 0 ? g_strdup (address)
                       : g_strdup_printf ("\"A\" <a@a.invalid>, %s, "
                                          "\"B\" <b@b.invalid>",
                                          address);
      g_autoptr (GPtrArray) list = pcc_address_list_parse (text, NULL);
      guint n = round == 0 ? 1 : 3;
      g_autofree char *got = NULL;

      if (list == NULL || list->len != n)
        return "does not read back as one mail address";
      got = pcc_email_key (((PccAddress *) list->pdata[n / 2])->email);
      if (strcmp (got, want) != 0)
        return "does not read back as one mail address";
    }
  return NULL;
}

static GPtrArray *
parse_typed (const char *const *values, GError **error)
{
  GPtrArray *all
      = g_ptr_array_new_with_free_func ((GDestroyNotify) pcc_address_free);
  for (guint i = 0; values && values[i]; i++)
    {
      g_autoptr (GPtrArray) one = pcc_address_list_parse (values[i], error);
      if (one == NULL)
        {
          g_ptr_array_unref (all);
          return NULL;
        }
      while (one->len > 0)
        g_ptr_array_add (all, g_ptr_array_steal_index (one, 0));
    }
  return all;
}

PccPlan *
pcc_plan_new (PccEngine *engine, const PccPlanOptions *po,
              PccPatch *const *patches, guint n_patches, const char *const *to,
              const char *const *cc, GError **error)
{
  g_autoptr (GPtrArray) typed_to = parse_typed (to, error);
  if (typed_to == NULL)
    return NULL;
  g_autoptr (GPtrArray) typed_cc = parse_typed (cc, error);
  if (typed_cc == NULL)
    return NULL;

  g_autoptr (PccResult) rto = run (engine, po, patches, n_patches, 1, error);
  if (rto == NULL)
    return NULL;
  g_autoptr (PccResult) rcc = run (engine, po, patches, n_patches, 2, error);
  if (rcc == NULL)
    return NULL;
  PccResult *full = run (engine, po, patches, n_patches, 0, error);
  if (full == NULL)
    return NULL;

  PccPlan *plan = g_new0 (PccPlan, 1);
  plan->changes = g_ptr_array_new_with_free_func (change_free);
  plan->full = full;

  /* The computed split: b4 drops from Cc what is already in To. */
  g_autoptr (GPtrArray) want_to = g_ptr_array_new ();
  g_autoptr (GPtrArray) want_cc = g_ptr_array_new ();
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint i = 0; i < pcc_result_get_n_recipients (rto); i++)
    {
      const PccRecipient *rc = pcc_result_get_recipient (rto, i);
      if (g_hash_table_add (seen, pcc_email_key (rc->email)))
        g_ptr_array_add (po->split == PCC_SPLIT_B4 ? want_to : want_cc,
                         (gpointer) rc);
    }
  for (guint i = 0; i < pcc_result_get_n_recipients (rcc); i++)
    {
      const PccRecipient *rc = pcc_result_get_recipient (rcc, i);
      if (g_hash_table_add (seen, pcc_email_key (rc->email)))
        g_ptr_array_add (want_cc, (gpointer) rc);
    }

  g_autoptr (GPtrArray) rest_keys = rest_lists (engine);
  g_autoptr (GHashTable) by_key = index_recipients (full);
  g_autoptr (GHashTable) typed_keys
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  GPtrArray *typed[] = { typed_to, typed_cc };
  for (guint f = 0; f < 2; f++)
    {
      for (guint i = 0; i < typed[f]->len; i++)
        {
          PccAddress *a = typed[f]->pdata[i];
          char *key = pcc_email_key (a->email);
          gboolean computed = g_hash_table_contains (seen, key);
          if (!computed && po->rest_rule != PCC_REST_ALWAYS
              && str_in (rest_keys, key))
            {
              add_change (plan, PCC_CHANGE_DROP,
                          f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC, a->display,
                          a->email, rest_reason (full, FALSE), TRUE, NULL);
            }
          else if (computed)
            {
              const PccRecipient *rc = g_hash_table_lookup (by_key, key);
              g_autofree char *why = reason_for (full, rc, rest_keys);
              add_change (
                  plan, PCC_CHANGE_KEEP, f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC,
                  a->display, a->email,
                  g_strdup_printf ("typed by you; also computed (%s)", why),
                  TRUE, rc);
            }
          else
            {
              add_change (plan, PCC_CHANGE_KEEP,
                          f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC, a->display,
                          a->email, g_strdup ("kept: typed by you"), TRUE,
                          NULL);
            }
          g_hash_table_add (typed_keys, key);
        }
    }

  GPtrArray *want[] = { want_to, want_cc };
  for (guint f = 0; f < 2; f++)
    {
      for (guint i = 0; i < want[f]->len; i++)
        {
          const PccRecipient *rc = want[f]->pdata[i];
          g_autofree char *key = pcc_email_key (rc->email);
          if (g_hash_table_contains (typed_keys, key))
            continue;
          const PccRecipient *frc = g_hash_table_lookup (by_key, key);
          char *why = reason_for (full, frc, rest_keys);
          PccField field = f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC;
          const char *bad = unwritable (rc->address, rc->email);
          const char *bad_email = unwritable (rc->email, rc->email);
          if (bad == NULL)
            {
              add_change (plan, PCC_CHANGE_ADD, field, rc->address, rc->email,
                          why, FALSE, frc);
            }
          else if (bad_email == NULL)
            {
              /* a name (MAINTAINERS or .mailmap) that cannot be written:
               * the address goes without it, and the review says so */
              add_change (plan, PCC_CHANGE_ADD, field, rc->email, rc->email,
                          g_strdup_printf ("%s; its name is left out: it %s",
                                           why, bad),
                          FALSE, frc);
              g_free (why);
            }
          else
            {
              /* never into a header, never silently: shown, not added */
              g_autofree char *shown = g_strescape (rc->address, NULL);
              PccChange *c = add_change (
                  plan, PCC_CHANGE_ADD, field, shown, shown,
                  g_strdup_printf ("not added: the address %s; fix it where "
                                   "it comes from (%s)",
                                   bad_email, why),
                  FALSE, frc);
              c->enabled = FALSE;
              c->blocked = TRUE;
              g_free (why);
            }
        }
    }
  return plan;
}

guint
pcc_plan_get_n_changes (const PccPlan *plan)
{
  return plan->changes->len;
}

const PccChange *
pcc_plan_get_change (const PccPlan *plan, guint i)
{
  g_return_val_if_fail (i < plan->changes->len, NULL);
  return plan->changes->pdata[i];
}

gboolean
pcc_plan_set_enabled (PccPlan *plan, guint i, gboolean enabled)
{
  PccChange *c;

  g_return_val_if_fail (i < plan->changes->len, FALSE);
  c = plan->changes->pdata[i];
  if (c->kind == PCC_CHANGE_KEEP || c->blocked || c->enabled == !!enabled)
    return FALSE;
  c->enabled = !!enabled;
  return TRUE;
}

guint
pcc_plan_follow (PccPlan *plan, const PccPlan *reviewed)
{
  g_autoptr (GHashTable) off
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = 0;

  for (guint i = 0; i < reviewed->changes->len; i++)
    {
      const PccChange *c = reviewed->changes->pdata[i];
      g_autofree char *email = NULL;
      if (c->kind == PCC_CHANGE_KEEP || c->blocked || c->enabled)
        continue;
      email = pcc_email_key (c->email);
      g_hash_table_add (off, g_strdup_printf ("%d %s", c->kind, email));
    }
  for (guint i = 0; i < plan->changes->len; i++)
    {
      const PccChange *c = plan->changes->pdata[i];
      g_autofree char *email = pcc_email_key (c->email);
      g_autofree char *key = g_strdup_printf ("%d %s", c->kind, email);
      if (g_hash_table_contains (off, key)
          && pcc_plan_set_enabled (plan, i, FALSE))
        n++;
    }
  return n;
}

guint
pcc_plan_add_extra (PccPlan *plan, PccField field, const char *address,
                    const char *email, const char *reason)
{
  g_return_val_if_fail (plan != NULL && address != NULL && email != NULL,
                        G_MAXUINT);
  if (unwritable (address, email) != NULL)
    return G_MAXUINT;
  g_autofree char *key = pcc_email_key (email);
  for (guint i = 0; i < plan->changes->len; i++)
    {
      const PccChange *c = plan->changes->pdata[i];
      g_autofree char *k = pcc_email_key (c->email);
      if (g_strcmp0 (k, key) == 0)
        return G_MAXUINT;
    }
  add_change (plan, PCC_CHANGE_ADD, field, address, email,
              g_strdup (reason ? reason : ""), FALSE, NULL);
  return plan->changes->len - 1;
}

gboolean
pcc_plan_has_changes (const PccPlan *plan)
{
  for (guint i = 0; i < plan->changes->len; i++)
    {
      PccChange *c = plan->changes->pdata[i];
      if (c->enabled && !c->blocked && c->kind != PCC_CHANGE_KEEP)
        return TRUE;
    }
  return FALSE;
}

void
pcc_plan_count_changes (const PccPlan *plan, PccPlanCounts *counts)
{
  *counts = (PccPlanCounts){ 0 };
  for (guint i = 0; i < plan->changes->len; i++)
    {
      const PccChange *c = plan->changes->pdata[i];

      if (c->kind == PCC_CHANGE_KEEP)
        continue;
      if (!c->enabled)
        counts->off++;
      else if (c->kind == PCC_CHANGE_DROP)
        counts->drop++;
      else if (c->field == PCC_FIELD_TO)
        counts->add_to++;
      else
        counts->add_cc++;
    }
}

const PccResult *
pcc_plan_get_result (const PccPlan *plan)
{
  return plan->full;
}

char **
pcc_plan_get_final (const PccPlan *plan, PccField field)
{
  GPtrArray *out = g_ptr_array_new ();
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < plan->changes->len; i++)
      {
        PccChange *c = plan->changes->pdata[i];
        if (c->field != field)
          continue;
        gboolean stays = pass == 0
                             ? (c->kind == PCC_CHANGE_KEEP
                                || (c->kind == PCC_CHANGE_DROP && !c->enabled))
                             : (c->kind == PCC_CHANGE_ADD && c->enabled);
        if (stays && !c->blocked && !pcc_email_has_control (c->address))
          g_ptr_array_add (out, g_strdup (c->address));
      }
  g_ptr_array_add (out, NULL);
  return (char **) g_ptr_array_free (out, FALSE);
}

char *
pcc_plan_to_string (const PccPlan *plan)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < plan->changes->len; i++)
    {
      PccChange *c = plan->changes->pdata[i];
      const char *mark = c->kind == PCC_CHANGE_ADD    ? "+"
                         : c->kind == PCC_CHANGE_DROP ? "-"
                                                      : "=";
      g_string_append_printf (s, "%s%s %s: %s  (%s)\n", c->enabled ? "" : "#",
                              mark, c->field == PCC_FIELD_TO ? "To" : "Cc",
                              c->address, c->reason);
    }
  return g_string_free (s, FALSE);
}
