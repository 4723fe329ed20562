/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-cover-recipients.c - the cover letter to every address of the
 * series (see pcc-cover-recipients.h). */
#include <string.h>

#include "pcc-cover-recipients.h"
#include "pcc-email.h"

static void
mail_recipient_free (gpointer p)
{
  PccMailRecipient *m = p;

  g_free (m->address);
  g_free (m->reason);
  g_free (m);
}

static PccPatchRecipients *
recipients_new (void)
{
  PccPatchRecipients *r = g_new0 (PccPatchRecipients, 1);

  r->shown = g_ptr_array_new_with_free_func (mail_recipient_free);
  return r;
}

static void
add_shown (PccPatchRecipients *r, PccField field, gboolean sent,
           const char *address, const char *reason)
{
  PccMailRecipient *m = g_new0 (PccMailRecipient, 1);

  m->field = field;
  m->sent = sent;
  m->address = g_strdup (address);
  m->reason = g_strdup (reason ? reason : "");
  g_ptr_array_add (r->shown, m);
}

/* The lower-cased addresses of one header value ("A <a@x>, b@y"). */
static GPtrArray *
keys_of (const char *value)
{
  g_autoptr (GPtrArray) a = pcc_address_list_parse (value, NULL);
  GPtrArray *keys = g_ptr_array_new_with_free_func (g_free);

  for (guint k = 0; a != NULL && k < a->len; k++)
    g_ptr_array_add (
        keys, g_ascii_strdown (((PccAddress *) a->pdata[k])->email, -1));
  if (keys->len == 0)
    g_ptr_array_add (keys, g_ascii_strdown (value, -1));
  return keys;
}

/* TRUE when some address of @value is not in @seen yet; all of them are
 * in it afterwards. */
static gboolean
add_keys (GHashTable *seen, const char *value)
{
  g_autoptr (GPtrArray) keys = keys_of (value);
  gboolean any = FALSE;

  for (guint k = 0; k < keys->len; k++)
    if (g_hash_table_add (seen, g_strdup (keys->pdata[k])))
      any = TRUE;
  return any;
}

static gboolean
all_in (GHashTable *seen, const char *value)
{
  g_autoptr (GPtrArray) keys = keys_of (value);

  for (guint k = 0; k < keys->len; k++)
    if (!g_hash_table_contains (seen, keys->pdata[k]))
      return FALSE;
  return TRUE;
}

static char **
strv_of (GPtrArray *a)
{
  g_ptr_array_add (a, NULL);
  return (char **) g_ptr_array_free (a, FALSE);
}

PccPatchRecipients *
pcc_cover_recipients_from_plan (const PccPlan *plan)
{
  PccPatchRecipients *r = recipients_new ();
  g_auto (GStrv) cc = pcc_plan_get_final (plan, PCC_FIELD_CC);
  g_autoptr (GHashTable) done
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n = pcc_plan_get_n_changes (plan);

  r->to = pcc_plan_get_final (plan, PCC_FIELD_TO);
  r->cc = pcc_series_mail_minus (cc, r->to);
  for (guint f = 0; f < 2; f++)
    {
      char **list = f == 0 ? r->to : r->cc;

      for (guint i = 0; list[i] != NULL; i++)
        {
          g_autoptr (GPtrArray) keys = keys_of (list[i]);
          const char *reason = NULL;

          for (guint c = 0; reason == NULL && c < n; c++)
            {
              const PccChange *ch = pcc_plan_get_change (plan, c);

              if (ch->email != NULL
                  && g_ascii_strcasecmp (ch->email, keys->pdata[0]) == 0
                  && (ch->kind != PCC_CHANGE_KEEP || ch->recipient != NULL))
                reason = ch->reason;
            }
          add_keys (done, list[i]);
          add_shown (r, f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC, TRUE, list[i],
                     reason ? reason : "typed on the cover letter");
        }
    }
  for (guint c = 0; c < n; c++)
    {
      const PccChange *ch = pcc_plan_get_change (plan, c);

      /* dropped by the plan, or an addition unticked in the review */
      if (((ch->kind == PCC_CHANGE_DROP && ch->enabled)
           || (ch->kind == PCC_CHANGE_ADD && !ch->enabled))
          && add_keys (done, ch->address))
        add_shown (r, ch->field, FALSE, ch->address, ch->reason);
    }
  return r;
}

/* The reason patch @p shows for @address, sent. */
static const char *
reason_in (const PccPatchRecipients *p, const char *address)
{
  for (guint i = 0; p->shown != NULL && i < p->shown->len; i++)
    {
      const PccMailRecipient *m = p->shown->pdata[i];

      if (m->sent && strcmp (m->address, address) == 0)
        return m->reason;
    }
  return "";
}

PccPatchRecipients *
pcc_cover_recipients_union (const PccPatchRecipients *cover,
                            const GPtrArray *patches)
{
  PccPatchRecipients *r = recipients_new ();
  g_autoptr (GHashTable) sent
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GPtrArray *to = g_ptr_array_new ();
  GPtrArray *cc = g_ptr_array_new ();
  guint n = patches != NULL ? patches->len : 0;

  /* The cover's own, as they are. */
  for (guint f = 0; cover != NULL && f < 2; f++)
    {
      char **list = f == 0 ? cover->to : cover->cc;

      for (guint i = 0; list != NULL && list[i] != NULL; i++)
        {
          add_keys (sent, list[i]);
          g_ptr_array_add (f == 0 ? to : cc, g_strdup (list[i]));
        }
    }
  for (guint i = 0;
       cover != NULL && cover->shown != NULL && i < cover->shown->len; i++)
    {
      const PccMailRecipient *m = cover->shown->pdata[i];

      if (m->sent)
        add_shown (r, m->field, TRUE, m->address, m->reason);
    }

  /* Then what the patches send that the cover does not. */
  for (guint p = 0; p < n; p++)
    {
      const PccPatchRecipients *pr = patches->pdata[p];

      for (guint f = 0; f < 2; f++)
        {
          char **list = f == 0 ? pr->to : pr->cc;

          for (guint i = 0; list != NULL && list[i] != NULL; i++)
            {
              const char *why;
              g_autofree char *reason = NULL;

              if (!add_keys (sent, list[i]))
                continue;
              why = reason_in (pr, list[i]);
              reason = g_strdup_printf (
                  "%s of %u/%u%s%s%s", f == 0 ? "To" : "Cc", p + 1, n,
                  *why ? " (" : "", why, *why ? ")" : "");
              g_ptr_array_add (f == 0 ? to : cc, g_strdup (list[i]));
              add_shown (r, f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC, TRUE,
                         list[i], reason);
            }
        }
    }
  r->to = strv_of (to);
  {
    g_auto (GStrv) cc0 = strv_of (cc);
    r->cc = pcc_series_mail_minus (cc0, r->to);
  }
  /* Shown in the order of the header: To:, then Cc:; then what the
   * cover does not send (and no patch sends either). */
  {
    GPtrArray *old = r->shown;

    r->shown = g_ptr_array_new_with_free_func (mail_recipient_free);
    for (guint f = 0; f < 2; f++)
      for (guint i = 0; i < old->len; i++)
        {
          PccMailRecipient *m = old->pdata[i];

          if (m->field == (f == 0 ? PCC_FIELD_TO : PCC_FIELD_CC)
              && g_strv_contains (
                  (const char *const *) (f == 0 ? r->to : r->cc), m->address))
            add_shown (r, m->field, TRUE, m->address, m->reason);
        }
    g_ptr_array_unref (old);
  }
  for (guint i = 0;
       cover != NULL && cover->shown != NULL && i < cover->shown->len; i++)
    {
      const PccMailRecipient *m = cover->shown->pdata[i];

      if (!m->sent && !all_in (sent, m->address))
        add_shown (r, m->field, FALSE, m->address, m->reason);
    }
  return r;
}
