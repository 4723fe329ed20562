/* pcc-mailmap.c - .mailmap as get_maintainer.pl's read_mailmap() reads it. */
#include "pcc-mailmap.h"
#include "pcc-error.h"
#include "pcc-email.h"
#include "pcc-regex.h"

#include <string.h>

struct _PccMailmap
{
  GHashTable *names;     /* key ("addr" or "Name <addr>") -> real name */
  GHashTable *addresses; /* key -> real address */
  GBytes *bytes; /* from pcc_mailmap_new_from_bytes(): the strings */
  /* pcc_mailmap_map() results, input -> output (the map does not change
   * once made; a computation maps most addresses twice) */
  GHashTable *memo;
};

#define MEMO_MAX 4096

PccMailmap *
pcc_mailmap_new (void)
{
  PccMailmap *map = g_new0 (PccMailmap, 1);
  map->names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  map->addresses
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  return map;
}

void
pcc_mailmap_free (PccMailmap *map)
{
  if (map == NULL)
    return;
  g_hash_table_unref (map->names);
  g_hash_table_unref (map->addresses);
  if (map->bytes)
    g_bytes_unref (map->bytes);
  g_clear_pointer (&map->memo, g_hash_table_unref);
  g_free (map);
}

guint
pcc_mailmap_get_size (const PccMailmap *map)
{
  GHashTableIter it;
  gpointer key;
  GHashTable *seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_hash_table_iter_init (&it, map->names);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_hash_table_add (seen, key);
  g_hash_table_iter_init (&it, map->addresses);
  while (g_hash_table_iter_next (&it, &key, NULL))
    g_hash_table_add (seen, key);
  guint n = g_hash_table_size (seen);
  g_hash_table_unref (seen);
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

static void
parse_line (PccMailmap *map, const char *line, PccRegex *const *re)
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
  PccMailmap *map = pcc_mailmap_new ();

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
  return map;
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
  const char *v;

  if (g_hash_table_contains (map->names, email)
      || g_hash_table_contains (map->addresses, email))
    {
      if ((v = g_hash_table_lookup (map->names, email)))
        real_name = v;
      if ((v = g_hash_table_lookup (map->addresses, email)))
        real_address = v;
    }
  else
    {
      if ((v = g_hash_table_lookup (map->names, address)))
        real_name = v;
      if ((v = g_hash_table_lookup (map->addresses, address)))
        real_address = v;
    }
  return pcc_email_format (real_name, real_address, TRUE);
}

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

GBytes *
pcc_mailmap_to_bytes (const PccMailmap *map)
{
  GString *out = g_string_new (NULL);
  table_to_bytes (map->names, 'N', out);
  table_to_bytes (map->addresses, 'A', out);
  return g_string_free_to_bytes (out);
}

PccMailmap *
pcc_mailmap_new_from_bytes (GBytes *bytes, GError **error)
{
  /* the tables point into @bytes */
  g_autoptr (PccMailmap) map = g_new0 (PccMailmap, 1);
  map->names = g_hash_table_new (g_str_hash, g_str_equal);
  map->addresses = g_hash_table_new (g_str_hash, g_str_equal);
  map->bytes = g_bytes_ref (bytes);
  gsize len = 0;
  const char *data = g_bytes_get_data (bytes, &len);
  const char *p = data, *end = data + len;
  while (p < end)
    {
      GHashTable *table = *p == 'N'   ? map->names
                          : *p == 'A' ? map->addresses
                                      : NULL;
      const char *key = p + 1;
      const char *key_end = table ? memchr (key, '\0', end - key) : NULL;
      const char *value = key_end ? key_end + 1 : NULL;
      const char *value_end
          = value && value < end ? memchr (value, '\0', end - value) : NULL;
      if (value_end == NULL)
        {
          g_set_error_literal (error, PCC_ERROR, PCC_ERROR_MAILMAP,
                               "the compiled .mailmap is damaged");
          return NULL;
        }
      g_hash_table_replace (table, (char *) key, (char *) value);
      p = value_end + 1;
    }
  return g_steal_pointer (&map);
}
