/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-mailmap.c - .mailmap as get_maintainer.pl's read_mailmap() reads it. */
#include "pcc-mailmap.h"
#include "pcc-error.h"
#include "pcc-email.h"
#include "pcc-regex.h"

#include <string.h>

/* A map is its two tables as pcc_mailmap_to_bytes() writes them, looked
 * up in place: made from a .mailmap or read from the index cache, it is
 * the same bytes, and a run that reads them from the cache builds no
 * table of its own. */
typedef struct
{
  const char **keys; /* sorted (strcmp); each key's value follows its NUL */
  guint n;
} Table;

struct _PccMailmap
{
  GBytes *bytes;
  Table names;     /* key ("addr" or "Name <addr>") -> real name */
  Table addresses; /* key -> real address */
  /* pcc_mailmap_map() results, input -> output (the map does not change
   * once made; a computation maps most addresses twice) */
  GHashTable *memo;
};

#define MEMO_MAX 4096

PccMailmap *
pcc_mailmap_new (void)
{
  return pcc_mailmap_new_from_data ("", 0);
}

void
pcc_mailmap_free (PccMailmap *map)
{
  if (map == NULL)
    return;
  g_free (map->names.keys);
  g_free (map->addresses.keys);
  if (map->bytes)
    g_bytes_unref (map->bytes);
  g_clear_pointer (&map->memo, g_hash_table_unref);
  g_free (map);
}

/* The value of @key in @t, or NULL. */
static const char *
lookup (const Table *t, const char *key)
{
  guint lo = 0, hi = t->n;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      int c = strcmp (t->keys[mid], key);
      if (c == 0)
        return t->keys[mid] + strlen (t->keys[mid]) + 1;
      if (c < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
  return NULL;
}

guint
pcc_mailmap_get_size (const PccMailmap *map)
{
  /* the keys of both tables, counted once: a merge of two sorted lists */
  const Table *a = &map->names, *b = &map->addresses;
  guint i = 0, j = 0, n = 0;
  while (i < a->n || j < b->n)
    {
      int c = i == a->n ? 1 : j == b->n ? -1 : strcmp (a->keys[i], b->keys[j]);
      i += c <= 0;
      j += c >= 0;
      n++;
    }
  return n;
}

/* $name =~ s/\s+$// */
static void
rstrip (char *s)
{
  gsize len = strlen (s);
  while (len > 0 && strchr (" \t\n\r\f\v", s[len - 1]))
    s[--len] = '\0';
}

/* parse_email("$name <$address>") */
static void
parse_pair (const char *name, const char *address, char **n, char **a)
{
  g_autofree char *joined = g_strconcat (name, " <", address, ">", NULL);
  pcc_email_parse (joined, n, a);
}

#define G(i, n) pcc_regex_group (re[i], line, n)

static int
compare_keys (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* Records of a table: its letter, the key and the value, each ended by a
 * NUL. */
static void
table_to_bytes (GHashTable *table, char letter, GString *out)
{
  guint n = 0;
  g_autofree gpointer *keys = g_hash_table_get_keys_as_array (table, &n);
  qsort (keys, n, sizeof *keys, compare_keys);
  for (guint i = 0; i < n; i++)
    {
      const char *v = g_hash_table_lookup (table, keys[i]);
      g_string_append_c (out, letter);
      g_string_append_len (out, keys[i], strlen (keys[i]) + 1);
      g_string_append_len (out, v, strlen (v) + 1);
    }
}

/* The two tables while a .mailmap is read (a later line wins, as in the
 * script's hashes). */
typedef struct
{
  GHashTable *names, *addresses;
} Building;

static void
parse_line (Building *map, const char *line, PccRegex *const *re)
{
  if (pcc_regex_match (re[0], line, -1, 0))
    {
      /* name1 <mail1> */
      g_autofree char *real_name = G (0, 1);
      g_autofree char *address = G (0, 2);
      char *n, *a;
      rstrip (real_name);
      parse_pair (real_name, address, &n, &a);
      g_hash_table_replace (map->names, a, n);
    }
  else if (pcc_regex_match (re[1], line, -1, 0))
    {
      /* <mail1> <mail2> */
      g_hash_table_replace (map->addresses, G (1, 2), G (1, 1));
    }
  else if (pcc_regex_match (re[2], line, -1, 0))
    {
      /* name1 <mail1> <mail2> */
      g_autofree char *real_name = G (2, 1);
      g_autofree char *real_address = G (2, 2);
      char *wrong = G (2, 3);
      char *n, *a;
      rstrip (real_name);
      parse_pair (real_name, real_address, &n, &a);
      g_hash_table_replace (map->names, g_strdup (wrong), n);
      g_hash_table_replace (map->addresses, wrong, a);
    }
  else if (pcc_regex_match (re[3], line, -1, 0))
    {
      /* name1 <mail1> name2 <mail2> */
      g_autofree char *real_name = G (3, 1);
      g_autofree char *real_address = G (3, 2);
      g_autofree char *wrong_name = G (3, 3);
      g_autofree char *wrong_address = G (3, 4);
      char *rn, *ra;
      g_autofree char *wn = NULL, *wa = NULL;
      rstrip (real_name);
      parse_pair (real_name, real_address, &rn, &ra);
      rstrip (wrong_name);
      parse_pair (wrong_name, wrong_address, &wn, &wa);
      char *wrong_email = pcc_email_format (wn, wa, TRUE);
      g_hash_table_replace (map->names, g_strdup (wrong_email), rn);
      g_hash_table_replace (map->addresses, wrong_email, ra);
    }
}

PccMailmap *
pcc_mailmap_new_from_data (const char *data, gsize len)
{
  static const char *patterns[] = {
    "^([^<]+)<([^>]+)>$",
    "^<([^>]+)>\\s*<([^>]+)>$",
    "^(.+)<([^>]+)>\\s*<([^>]+)>$",
    "^(.+)<([^>]+)>\\s*(.+)\\s*<([^>]+)>$",
  };
  PccRegex *re[4];
  Building map_, *map = &map_;
  map->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  map->addresses
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    re[i] = pcc_regex_new (patterns[i], 0, NULL);

  const char *p = data, *end = data + len;
  while (p < end)
    {
      const char *nl = memchr (p, '\n', end - p);
      const char *line_end = nl ? nl : end;
      /* s/#.*$//: a NUL byte would end the C string early, so a line with
     * one is cut there, which only drops what follows it. */
      const char *hash = memchr (p, '#', line_end - p);
      g_autofree char *line = g_strndup (p, (hash ? hash : line_end) - p);
      g_strstrip (line);
      if (line[0] != '\0')
        parse_line (map, line, re);
      p = nl ? nl + 1 : end;
    }

  for (guint i = 0; i < G_N_ELEMENTS (patterns); i++)
    pcc_regex_free (re[i]);
  GString *out = g_string_new (NULL);
  table_to_bytes (map->names, 'N', out);
  table_to_bytes (map->addresses, 'A', out);
  g_hash_table_unref (map->names);
  g_hash_table_unref (map->addresses);
  g_autoptr (GBytes) bytes = g_string_free_to_bytes (out);
  PccMailmap *made = pcc_mailmap_new_from_bytes (bytes, NULL);
  g_assert (made != NULL); /* the bytes just written */
  return made;
}

static char *map_email (const PccMailmap *map, const char *formatted);

char *
pcc_mailmap_map (PccMailmap *map, const char *formatted)
{
  const char *known
      = map->memo ? g_hash_table_lookup (map->memo, formatted) : NULL;
  if (known)
    return g_strdup (known);
  char *out = map_email (map, formatted);
  if (map->memo == NULL)
    map->memo
        = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  else if (g_hash_table_size (map->memo) >= MEMO_MAX)
    g_hash_table_remove_all (map->memo);
  g_hash_table_insert (map->memo, g_strdup (formatted), g_strdup (out));
  return out;
}

static char *
map_email (const PccMailmap *map, const char *formatted)
{
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (formatted, &name, &address);
  g_autofree char *email = pcc_email_format (name, address, TRUE);
  const char *real_name = name, *real_address = address;
  const char *vn = lookup (&map->names, email);
  const char *va = lookup (&map->addresses, email);

  if (vn == NULL && va == NULL)
    {
      vn = lookup (&map->names, address);
      va = lookup (&map->addresses, address);
    }
  if (vn)
    real_name = vn;
  if (va)
    real_address = va;
  return pcc_email_format (real_name, real_address, TRUE);
}

GBytes *
pcc_mailmap_to_bytes (const PccMailmap *map)
{
  return g_bytes_ref (map->bytes);
}

PccMailmap *
pcc_mailmap_new_from_bytes (GBytes *bytes, GError **error)
{
  /* the tables point into @bytes: the 'N' records, then the 'A' ones,
   * each table's keys in strictly increasing order (so that they can be
   * searched: anything else is damage) */
  g_autoptr (PccMailmap) map = g_new0 (PccMailmap, 1);
  map->bytes = g_bytes_ref (bytes);
  gsize len = 0;
  const char *data = g_bytes_get_data (bytes, &len);
  const char *p = data, *end = data + len;
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) addresses = g_ptr_array_new ();
  while (p < end)
    {
      GPtrArray *table = *p == 'N' && addresses->len == 0 ? names
                         : *p == 'A'                      ? addresses
                                                          : NULL;
      const char *key = p + 1;
      const char *key_end = table ? memchr (key, '\0', end - key) : NULL;
      const char *value = key_end ? key_end + 1 : NULL;
      const char *value_end
          = value && value < end ? memchr (value, '\0', end - value) : NULL;
      if (value_end == NULL
          || (table->len > 0
              && strcmp (table->pdata[table->len - 1], key) >= 0))
        {
          g_set_error_literal (error, PCC_ERROR, PCC_ERROR_MAILMAP,
                               "the compiled .mailmap is damaged");
          return NULL;
        }
      g_ptr_array_add (table, (char *) key);
      p = value_end + 1;
    }
  map->names.n = names->len;
  map->names.keys
      = (const char **) g_ptr_array_free (g_steal_pointer (&names), FALSE);
  map->addresses.n = addresses->len;
  map->addresses.keys
      = (const char **) g_ptr_array_free (g_steal_pointer (&addresses), FALSE);
  return g_steal_pointer (&map);
}
