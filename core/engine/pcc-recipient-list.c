/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-recipient-list.c - one recipient list being filled: the script's
 * @email_to and @list_to, with the lookups of push_email_address(),
 * add_role() and deduplicate_email(). */
#include "pcc-recipient-list.h"
#include "pcc-email.h"

#include <string.h>

struct _PccRecipientList
{
  const PccOptions *o;
  PccMailmap *mailmap;
  GPtrArray *email_to, *list_to;                    /* PccRecipientEntry * */
  GHashTable *email_hash_name, *email_hash_address; /* lc -> entry */
  GHashTable *hash_list_to;                         /* lc -> entry */
  /* deduplicate_email()'s %deduplicate_name_hash / _address_hash:
   * lc -> { name, address } */
  GHashTable *dedup_name, *dedup_address;
};

static void
entry_free (PccRecipientEntry *it)
{
  g_free (it->formatted);
  g_free (it->role);
  g_array_unref (it->reasons);
  g_free (it);
}

static PccRecipientEntry *
entry_new (char *formatted, char *role, PccRecipientKind kind)
{
  PccRecipientEntry *it = g_new0 (PccRecipientEntry, 1);
  it->formatted = formatted;
  it->role = role;
  it->kind = kind;
  it->reasons = g_array_new (FALSE, FALSE, sizeof (PccReason));
  return it;
}

static void
free_pair (gpointer p)
{
  g_strfreev (p);
}

PccRecipientList *
pcc_recipient_list_new (const PccOptions *o, PccMailmap *mailmap)
{
  PccRecipientList *l = g_new0 (PccRecipientList, 1);
  l->o = o;
  l->mailmap = mailmap;
  l->email_to = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  l->list_to = g_ptr_array_new_with_free_func ((GDestroyNotify) entry_free);
  l->email_hash_name
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->email_hash_address
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->hash_list_to
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  l->dedup_name
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_pair);
  l->dedup_address
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_pair);
  return l;
}

void
pcc_recipient_list_free (PccRecipientList *l)
{
  if (l == NULL)
    return;
  g_ptr_array_unref (l->email_to);
  g_ptr_array_unref (l->list_to);
  g_hash_table_unref (l->email_hash_name);
  g_hash_table_unref (l->email_hash_address);
  g_hash_table_unref (l->hash_list_to);
  g_hash_table_unref (l->dedup_name);
  g_hash_table_unref (l->dedup_address);
  g_free (l);
}

/* email_inuse() lookup, returning the entry holding the name/address. */
static PccRecipientEntry *
email_inuse (PccRecipientList *l, const char *name, const char *address)
{
  PccRecipientEntry *it = NULL;
  if (name[0] != '\0')
    {
      g_autofree char *k = g_ascii_strdown (name, -1);
      it = g_hash_table_lookup (l->email_hash_name, k);
      if (it)
        return it;
    }
  if (address[0] != '\0')
    {
      g_autofree char *k = g_ascii_strdown (address, -1);
      it = g_hash_table_lookup (l->email_hash_address, k);
    }
  return it;
}

/* @table[lc(@key)] = @it unless @key is there already. */
static void
remember_first (GHashTable *table, const char *key, PccRecipientEntry *it)
{
  char *k = g_ascii_strdown (key, -1);
  if (!g_hash_table_contains (table, k))
    g_hash_table_insert (table, k, it);
  else
    g_free (k);
}

PccRecipientEntry *
pcc_recipient_list_push_email (PccRecipientList *l, const char *line,
                               const char *role, PccRecipientKind kind,
                               gboolean *had_address)
{
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (line, &name, &address);
  *had_address = address[0] != '\0';
  if (!*had_address)
    return NULL;
  if (l->o->email_remove_duplicates)
    {
      PccRecipientEntry *old = email_inuse (l, name, address);
      if (old)
        return old;
    }
  PccRecipientEntry *it
      = entry_new (pcc_email_format (name, address, l->o->email_usename),
                   g_strdup (role), kind);
  g_ptr_array_add (l->email_to, it);
  if (l->o->email_remove_duplicates)
    {
      if (name[0] != '\0')
        remember_first (l->email_hash_name, name, it);
      remember_first (l->email_hash_address, address, it);
    }
  return it;
}

void
pcc_recipient_list_append_email (PccRecipientList *l, const char *formatted,
                                 const char *role, PccRecipientKind kind)
{
  g_ptr_array_add (l->email_to,
                   entry_new (g_strdup (formatted), g_strdup (role), kind));
}

void
pcc_recipient_list_remove_matching (PccRecipientList *l, const char *pattern)
{
  g_autoptr (PccRegex) re = pcc_regex_new (pattern, 0, NULL);
  for (guint i = l->email_to->len; re && i > 0; i--)
    {
      PccRecipientEntry *it = l->email_to->pdata[i - 1];
      if (pcc_regex_match (re, it->formatted, -1, 0))
        g_ptr_array_remove_index (l->email_to, i - 1);
    }
}

PccRecipientEntry *
pcc_recipient_list_lookup_list (PccRecipientList *l, const char *address)
{
  g_autofree char *key = g_ascii_strdown (address, -1);
  return g_hash_table_lookup (l->hash_list_to, key);
}

PccRecipientEntry *
pcc_recipient_list_add_list (PccRecipientList *l, const char *address,
                             const char *role, const char *role_suffix,
                             PccRecipientKind kind)
{
  PccRecipientEntry *it = entry_new (
      g_strdup (address), g_strconcat (role, role_suffix, NULL), kind);
  g_ptr_array_add (l->list_to, it);
  g_hash_table_insert (l->hash_list_to, g_ascii_strdown (address, -1), it);
  return it;
}

/* Each (file, entry) pair reaches an entry once: add_categories() runs
 * once per pair and keywords are made unique first. */
void
pcc_recipient_entry_add_reason (PccRecipientEntry *it, const PccReason *r)
{
  g_array_append_val (it->reasons, *r);
}

void
pcc_recipient_list_add_role (PccRecipientList *l, const char *line,
                             const char *role)
{
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (line, &name, &address);
  g_autofree char *email
      = pcc_email_format (name, address, l->o->email_usename);
  g_autoptr (PccRegex) role_re = pcc_regex_new (role, 0, NULL);

  for (guint i = 0; i < l->email_to->len; i++)
    {
      PccRecipientEntry *it = l->email_to->pdata[i];
      gboolean same;
      if (l->o->email_remove_duplicates)
        {
          g_autofree char *en = NULL, *ea = NULL;
          pcc_email_parse (it->formatted, &en, &ea);
          same = strcmp (name, en) == 0 || strcmp (address, ea) == 0;
        }
      else
        {
          same = strcmp (email, it->formatted) == 0;
        }
      if (!same)
        continue;
      if (role[0] != '\0' && role_re
          && pcc_regex_match (role_re, it->role, -1, 0))
        continue;
      char *r = it->role[0] == '\0' ? g_strdup (role)
                                    : g_strconcat (it->role, ",", role, NULL);
      g_free (it->role);
      it->role = r;
    }
}

char *
pcc_recipient_list_deduplicate_email (PccRecipientList *l,
                                      const char *email_in)
{
  GHashTable *by_name = l->dedup_name, *by_address = l->dedup_address;
  PccMailmap *mm = l->mailmap;
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (email_in, &name, &address);
  g_autofree char *formatted = pcc_email_format (name, address, TRUE);
  char *email = l->o->email_use_mailmap ? pcc_mailmap_map (mm, formatted)
                                        : g_strdup (formatted);
  if (!l->o->email_remove_duplicates)
    return email;

  g_free (name);
  g_free (address);
  pcc_email_parse (email, &name, &address);
  g_free (email);

  g_autofree char *lname = g_ascii_strdown (name, -1);
  g_autofree char *laddr = g_ascii_strdown (address, -1);
  char **pair = NULL;
  if (name[0] != '\0')
    pair = g_hash_table_lookup (by_name, lname);
  if (pair == NULL)
    pair = g_hash_table_lookup (by_address, laddr);
  if (pair != NULL)
    {
      g_free (name);
      g_free (address);
      name = g_strdup (pair[0]);
      address = g_strdup (pair[1]);
    }
  else
    {
      char **p1 = g_new0 (char *, 3);
      p1[0] = g_strdup (name);
      p1[1] = g_strdup (address);
      g_hash_table_replace (by_name, g_strdup (lname), p1);
      g_hash_table_replace (by_address, g_strdup (laddr), g_strdupv (p1));
    }
  g_autofree char *f2 = pcc_email_format (name, address, TRUE);
  return l->o->email_use_mailmap ? pcc_mailmap_map (mm, f2) : g_strdup (f2);
}

void
pcc_recipient_list_deduplicate_entries (PccRecipientList *l)
{
  GPtrArray *lists[] = { l->email_to, l->list_to };
  for (guint n = 0; n < G_N_ELEMENTS (lists); n++)
    for (guint i = 0; i < lists[n]->len; i++)
      {
        PccRecipientEntry *it = lists[n]->pdata[i];
        char *d = pcc_recipient_list_deduplicate_email (l, it->formatted);
        g_free (it->formatted);
        it->formatted = d;
      }
}

GPtrArray *
pcc_recipient_list_merge (PccRecipientList *l, gboolean with_email,
                          gboolean with_lists)
{
  GPtrArray *to = g_ptr_array_new ();
  if (with_email)
    g_ptr_array_extend (to, l->email_to, NULL, NULL);
  if (with_lists)
    g_ptr_array_extend (to, l->list_to, NULL, NULL);
  g_autoptr (GHashTable) saw = g_hash_table_new (g_str_hash, g_str_equal);
  guint w = 0;
  for (guint i = 0; i < to->len; i++)
    {
      PccRecipientEntry *it = to->pdata[i];
      if (g_hash_table_add (saw, it->formatted))
        to->pdata[w++] = it;
    }
  g_ptr_array_set_size (to, w);
  return to;
}

int
pcc_recipient_list_compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}
