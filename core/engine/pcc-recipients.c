/* pcc-recipients.c - get_maintainers() of get_maintainer.pl, explained. */
#include "pcc-recipients.h"
#include "pcc-recipients-private.h"
#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-history.h"
#include "pcc-regex.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

static void
item_free (Item *it)
{
  g_free (it->formatted);
  g_free (it->role);
  g_array_unref (it->reasons);
  g_free (it);
}

static Item *
item_new (char *formatted, char *role, PccRecipientKind kind)
{
  Item *it = g_new0 (Item, 1);
  it->formatted = formatted;
  it->role = role;
  it->kind = kind;
  it->reasons = g_array_new (FALSE, FALSE, sizeof (PccReason));
  return it;
}

/* --- the engine ------------------------------------------------------- */

static PccEngine *
engine_wrap (const PccTree *tree, PccMaintainers *m, PccMailmap *mailmap)
{
  PccEngine *e = g_new0 (PccEngine, 1);
  e->tree = tree;
  e->m = m;
  e->addr_cache = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL,
                                         (GDestroyNotify) g_ptr_array_unref);
  e->match_cache = g_hash_table_new (g_str_hash, g_str_equal);
  e->match_names = g_string_chunk_new (64 << 10);
  e->match_spans = g_array_new (FALSE, FALSE, sizeof (MatchSpan));
  e->match_arena = g_array_new (FALSE, FALSE, sizeof (PccMatch));
  e->mailmap = mailmap;
  return e;
}

PccEngine *
pcc_engine_new (const PccTree *tree, const char *maintainers_path,
                gboolean use_mailmap, GError **error)
{
  PccMaintainers *m = pcc_maintainers_load (tree, maintainers_path, error);
  if (m == NULL)
    return NULL;
  gsize len = 0;
  g_autofree char *mm = NULL;
  if (use_mailmap && pcc_tree_is_file (tree, ".mailmap"))
    mm = pcc_tree_read_file (tree, ".mailmap", &len, NULL);
  return engine_wrap (
      tree, m, mm ? pcc_mailmap_new_from_data (mm, len) : pcc_mailmap_new ());
}

PccEngine *
pcc_engine_new_cached (const PccTree *tree, const char *maintainers_path,
                       gboolean use_mailmap, const char *cache_dir,
                       PccIndexSource *source, GError **error)
{
  PccMaintainers *m = NULL;
  PccMailmap *mm = NULL;
  if (g_getenv ("PATCHCC_NO_INDEX_CACHE"))
    {
      if (source)
        *source = PCC_INDEX_FRESH;
      return pcc_engine_new (tree, maintainers_path, use_mailmap, error);
    }
  if (!pcc_index_cache_load (tree, maintainers_path, use_mailmap, cache_dir,
                             &m, &mm, source, error))
    return NULL;
  return engine_wrap (tree, m, mm);
}

void
pcc_engine_free (PccEngine *e)
{
  if (e == NULL)
    return;
  pcc_maintainers_free (e->m);
  pcc_mailmap_free (e->mailmap);
  pcc_history_free (e->history);
  g_free (e->history_error);
  g_hash_table_unref (e->addr_cache);
  g_hash_table_unref (e->match_cache);
  g_string_chunk_free (e->match_names);
  g_array_unref (e->match_spans);
  g_array_unref (e->match_arena);
  for (guint i = 0; i < KW_CACHE_SIZE; i++)
    {
      g_clear_pointer (&e->kw_cache[i].hits, g_array_unref);
      g_clear_pointer (&e->kw_cache[i].lines, g_array_unref);
      g_free (e->kw_cache[i].text);
    }
  g_free (e);
}

PccMaintainers *
pcc_engine_get_maintainers (PccEngine *e)
{
  return e->m;
}

const PccTree *
pcc_engine_get_tree (PccEngine *e)
{
  return e->tree;
}

/* --- names and roles --------------------------------------------------- */

/* get_subsystem_name(): the section name, cut to the maximum length. */
static char *
subsystem_name (State *st, guint tvi)
{
  const char *name = pcc_maintainers_section_name (st->m, tvi);
  int max = st->o->output_section_maxlen;
  gsize len = strlen (name);
  if (max > 0 && len > (gsize) max)
    {
      gsize cut = max >= 3 ? (gsize) max - 3 : 0;
      char *s = g_strndup (name, cut);
      gsize n = strlen (s);
      while (n > 0 && strchr (" \t\n\r\f\v", s[n - 1]))
        s[--n] = '\0';
      char *out = g_strconcat (s, "...", NULL);
      g_free (s);
      return out;
    }
  return g_strdup (name);
}

/* get_maintainer_role() */
static const char *
maintainer_role (State *st, guint tvi)
{
  guint start = pcc_maintainers_section_start (st->m, tvi);
  const char *cached
      = g_hash_table_lookup (st->section_role, GUINT_TO_POINTER (start));
  if (cached)
    return cached;
  guint end = pcc_maintainers_section_end (st->m, tvi);
  const char *status = "unknown";
  for (guint i = start + 1; i < end; i++)
    if (pcc_maintainers_entry_type (st->m, i) == 'S')
      status = pcc_maintainers_entry_value (st->m, i);
  g_autofree char *role = g_ascii_strdown (status, -1);
  static const char *map[][2] = {
    { "supported", "supporter" },
    { "maintained", "maintainer" },
    { "odd fixes", "odd fixer" },
    { "orphan", "orphan minder" },
    { "obsolete", "obsolete minder" },
    { "buried alive in reporters", "chief penguin" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (map); i++)
    if (strcmp (role, map[i][0]) == 0)
      {
        g_free (role);
        role = g_strdup (map[i][1]);
        break;
      }
  g_autofree char *sub = subsystem_name (st, tvi);
  char *text = g_strconcat (role, ":", sub, NULL);
  g_hash_table_insert (st->section_role, GUINT_TO_POINTER (start), text);
  return text;
}

/* push_email_addresses() parsing, cached per entry: the address strings
 * push_email_address() is called with. */
static GPtrArray *
entry_addresses (State *st, guint tvi)
{
  GPtrArray *list
      = g_hash_table_lookup (st->engine->addr_cache, GUINT_TO_POINTER (tvi));
  if (list)
    return list;
  const char *value = pcc_maintainers_entry_value (st->m, tvi);
  list = g_ptr_array_new_with_free_func (g_free);
  gboolean blank = TRUE;
  for (const char *c = value; *c && blank; c++)
    blank = g_ascii_isspace (*c);
  if (!blank && strchr (value, ',') == NULL)
    {
      /* Without a comma, rfc822_validlist() can only accept what
       * rfc822_valid() accepts, or a string left empty once the comments
       * are stripped (they become spaces: never, for a value not blank).
       * So the whole value is pushed whichever way the script goes, and
       * no RFC 822 expression is needed, not even the one that strips
       * comments: most L: lines carry one ("(moderated for
       * non-subscribers)"). */
      g_ptr_array_add (list, g_strdup (value));
    }
  else if (pcc_email_rfc822_valid (value))
    {
      g_ptr_array_add (list, g_strdup (value));
    }
  else
    {
      g_autoptr (GPtrArray) valid = pcc_email_rfc822_validlist (value);
      if (valid != NULL)
        {
          /* while (my $entry = shift(@address_list)): stops at a false one */
          for (guint i = 0; i < valid->len; i++)
            {
              const char *a = valid->pdata[i];
              if (a[0] == '\0' || strcmp (a, "0") == 0)
                break;
              g_ptr_array_add (list, g_strdup (a));
            }
        }
      else
        {
          g_ptr_array_add (list, g_strdup (value));
        }
    }
  g_hash_table_insert (st->engine->addr_cache, GUINT_TO_POINTER (tvi), list);
  return list;
}

/* email_inuse() lookup, returning the item holding the name/address. */
static Item *
email_inuse (State *st, const char *name, const char *address)
{
  Item *it = NULL;
  if (name[0] != '\0')
    {
      g_autofree char *k = g_ascii_strdown (name, -1);
      it = g_hash_table_lookup (st->email_hash_name, k);
      if (it)
        return it;
    }
  if (address[0] != '\0')
    {
      g_autofree char *k = g_ascii_strdown (address, -1);
      it = g_hash_table_lookup (st->email_hash_address, k);
    }
  return it;
}

/* push_email_address(): returns the item now standing for the address
 * (new or already there), or NULL when there is no address. */
Item *
pcc_recipients_push_email (State *st, const char *line, const char *role,
                           PccRecipientKind kind, gboolean *had_address)
{
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (line, &name, &address);
  *had_address = address[0] != '\0';
  if (!*had_address)
    return NULL;
  if (st->o->email_remove_duplicates)
    {
      Item *old = email_inuse (st, name, address);
      if (old)
        return old;
    }
  Item *it = item_new (pcc_email_format (name, address, st->o->email_usename),
                       g_strdup (role), kind);
  g_ptr_array_add (st->email_to, it);
  if (st->o->email_remove_duplicates)
    {
      if (name[0] != '\0')
        {
          char *k = g_ascii_strdown (name, -1);
          if (!g_hash_table_contains (st->email_hash_name, k))
            g_hash_table_insert (st->email_hash_name, k, it);
          else
            g_free (k);
        }
      char *k = g_ascii_strdown (address, -1);
      if (!g_hash_table_contains (st->email_hash_address, k))
        g_hash_table_insert (st->email_hash_address, k, it);
      else
        g_free (k);
    }
  return it;
}

/* Each (file, entry) pair reaches an item once: add_categories() runs
 * once per pair and keywords are made unique first. */
void
pcc_recipients_add_reason (Item *it, const PccReason *r)
{
  g_array_append_val (it->reasons, *r);
}

/* add_categories() for the section holding @tvi, once per section; later
 * calls only record the reason. */
static void
add_categories (State *st, guint tvi, const PccReason *reason)
{
  PccMaintainers *m = st->m;
  guint start = pcc_maintainers_section_start (m, tvi);
  guint end = pcc_maintainers_section_end (m, tvi);
  GPtrArray *touched
      = g_hash_table_lookup (st->sections_added, GUINT_TO_POINTER (start));
  if (touched)
    {
      for (guint i = 0; i < touched->len; i++)
        pcc_recipients_add_reason (touched->pdata[i], reason);
      return;
    }
  touched = g_ptr_array_new ();
  g_hash_table_insert (st->sections_added, GUINT_TO_POINTER (start), touched);

  g_ptr_array_add (st->result->subsystem,
                   g_strdup (pcc_maintainers_entry_value (m, start)));

  for (guint i = start + 1; i < end; i++)
    {
      char type = pcc_maintainers_entry_type (m, i);
      /* an F:/X: value would cost a "-d" test, and none is used here */
      if (type == 'F' || type == 'X')
        continue;
      const char *value = pcc_maintainers_entry_value (m, i);
      Item *it = NULL;

      if (type == 'L')
        {
          g_autofree char *sub = subsystem_name (st, i);
          const char *list_role
              = strcmp (pcc_maintainers_section_name (m, i), "THE REST") == 0
                    ? ""
                    : sub;
          g_autofree char *role_suffix
              = list_role[0] ? g_strconcat (":", list_role, NULL)
                             : g_strdup ("");
          /* ([^\s]+)\s+(.*)$ */
          g_autofree char *address = NULL;
          const char *additional = "";
          const char *sp = value;
          while (*sp && !strchr (" \t\n\r\f\v", *sp))
            sp++;
          const char *rest = sp;
          while (*rest && strchr (" \t\n\r\f\v", *rest))
            rest++;
          if (sp > value && rest > sp)
            {
              address = g_strndup (value, sp - value);
              additional = rest;
            }
          else
            {
              address = g_strdup (value);
            }
          g_autofree char *key = g_ascii_strdown (address, -1);
          Item *old = g_hash_table_lookup (st->hash_list_to, key);
          if (strstr (additional, "subscribers-only"))
            {
              if (st->o->email_subscriber_list)
                {
                  if (old == NULL)
                    {
                      it = item_new (
                          g_strdup (address),
                          g_strconcat ("subscriber list", role_suffix, NULL),
                          PCC_KIND_SUBSCRIBER_LIST);
                      g_ptr_array_add (st->list_to, it);
                      g_hash_table_insert (st->hash_list_to, g_strdup (key),
                                           it);
                    }
                  else
                    {
                      it = old;
                    }
                }
            }
          else if (st->o->email_list)
            {
              if (old != NULL)
                {
                  it = old;
                }
              else if (strstr (additional, "moderated"))
                {
                  if (st->o->email_moderated_list)
                    {
                      it = item_new (
                          g_strdup (address),
                          g_strconcat ("moderated list", role_suffix, NULL),
                          PCC_KIND_MODERATED_LIST);
                      g_ptr_array_add (st->list_to, it);
                      g_hash_table_insert (st->hash_list_to, g_strdup (key),
                                           it);
                    }
                }
              else
                {
                  it = item_new (g_strdup (address),
                                 g_strconcat ("open list", role_suffix, NULL),
                                 PCC_KIND_LIST);
                  g_ptr_array_add (st->list_to, it);
                  g_hash_table_insert (st->hash_list_to, g_strdup (key), it);
                }
            }
          if (it)
            g_ptr_array_add (touched, it);
        }
      else if ((type == 'M' && st->o->email_maintainer)
               || (type == 'R' && st->o->email_reviewer))
        {
          g_autofree char *role = NULL;
          if (type == 'M')
            {
              role = g_strdup (maintainer_role (st, i));
            }
          else
            {
              g_autofree char *sub = subsystem_name (st, i);
              role = g_strconcat ("reviewer:", sub, NULL);
            }
          GPtrArray *addrs = entry_addresses (st, i);
          for (guint a = 0; a < addrs->len; a++)
            {
              gboolean had;
              it = pcc_recipients_push_email (
                  st, addrs->pdata[a], role,
                  type == 'M' ? PCC_KIND_MAINTAINER : PCC_KIND_REVIEWER, &had);
              if (!had)
                g_ptr_array_add (
                    st->result->warnings,
                    g_strdup_printf ("Invalid MAINTAINERS address: '%s'",
                                     value));
              if (it)
                g_ptr_array_add (touched, it);
            }
        }
      else if (type == 'T')
        {
          g_ptr_array_add (st->result->scm, g_strdup (value));
        }
      else if (type == 'W')
        {
          g_ptr_array_add (st->result->web, g_strdup (value));
        }
      else if (type == 'S')
        {
          g_ptr_array_add (st->result->status, g_strdup (value));
        }
    }
  for (guint i = 0; i < touched->len; i++)
    pcc_recipients_add_reason (touched->pdata[i], reason);
}

/* --- --sections output ---------------------------------------------------- */

static char *
restore_pattern (const char *line)
{
  /* s/([^\\])\.([^\*])/$1\?$2/g; s/([^\\])\.$/$1\?/g;
   * s/\\\./\./g; s/\.\*\/\*\/g */
  static const char *pats[][2] = {
    { "([^\\\\])\\.([^\\*])", "$1?$2" },
    { "([^\\\\])\\.$", "$1?" },
    { "\\\\\\.", "." },
    { "\\.\\*", "*" },
  };
  char *cur = g_strdup (line);
  for (guint i = 0; i < G_N_ELEMENTS (pats); i++)
    {
      g_autoptr (PccRegex) re = pcc_regex_new (pats[i][0], 0, NULL);
      char *next = pcc_regex_replace (re, cur, pats[i][1], TRUE);
      g_free (cur);
      cur = next;
    }
  return cur;
}

static void
print_section (State *st, guint tvi)
{
  PccMaintainers *m = st->m;
  GString *out = st->result->sections_out;
  guint start = pcc_maintainers_section_start (m, tvi);
  guint end = pcc_maintainers_section_end (m, tvi);
  const char *letters = st->o->letters;

  for (guint i = start; i < end; i++)
    {
      char type = pcc_maintainers_entry_type (m, i);
      const char *value = pcc_maintainers_entry_value (m, i);
      g_autofree char *line
          = type ? g_strdup_printf ("%c:%s", type, value) : g_strdup (value);
      if (type == 'F' || type == 'X')
        {
          char *r = restore_pattern (line);
          g_free (line);
          line = r;
        }
      if (type)
        {
          g_autofree char *tabbed
              = g_strdup_printf ("%c:\t%s", type, line + 2);
          if (letters[0] == '\0'
              || strchr (g_ascii_strdown (letters, -1),
                         g_ascii_tolower (type)))
            {
              g_string_append (out, tabbed);
              g_string_append_c (out, '\n');
            }
        }
      else
        {
          g_string_append (out, line);
          g_string_append_c (out, '\n');
        }
    }
  g_string_append_c (out, '\n');
}

/* --- per file ----------------------------------------------------------------- */

/* One key of the script's %hash: a section, with the depth of its last
 * matching F:/N: entry ($hash{$tvi} is assigned once per match, so the
 * last one wins) and the entries that matched. */
typedef struct
{
  guint start;
  int depth;
  guint n_tvis;
  guint tvis[8];
} SectionHit;

static int
compare_hits (gconstpointer a, gconstpointer b)
{
  const SectionHit *x = a, *y = b;
  if (x->depth != y->depth)
    return x->depth > y->depth ? -1 : 1;
  /* Perl orders ties by hash order; MAINTAINERS order here. */
  return x->start < y->start ? -1 : x->start > y->start;
}

static gboolean
file_sections (State *st, const char *file, GError **error)
{
  PccMaintainers *m = st->m;
  PccEngine *engine = st->engine;
  guint at = GPOINTER_TO_UINT (g_hash_table_lookup (engine->match_cache, file));
  if (at == 0)
    {
      if (g_hash_table_size (engine->match_cache) >= MATCH_CACHE_MAX)
        {
          g_hash_table_remove_all (engine->match_cache);
          g_string_chunk_clear (engine->match_names);
          g_array_set_size (engine->match_spans, 0);
          g_array_set_size (engine->match_arena, 0);
        }
      MatchSpan sp = { engine->match_arena->len, 0 };
      if (!pcc_maintainers_match_file (m, file, engine->match_arena, error))
        {
          g_array_set_size (engine->match_arena, sp.start);
          return FALSE;
        }
      sp.len = engine->match_arena->len - sp.start;
      g_array_append_val (engine->match_spans, sp);
      at = engine->match_spans->len;
      g_hash_table_insert (engine->match_cache,
                           g_string_chunk_insert (engine->match_names, file),
                           GUINT_TO_POINTER (at));
    }
  const MatchSpan *span = &g_array_index (engine->match_spans, MatchSpan, at - 1);
  /* (nothing below adds to the arena: the pointer stays valid) */
  const PccMatch *matches
      = &g_array_index (engine->match_arena, PccMatch, span->start);

  /* %hash, keyed by section, within --pattern-depth. */
  int file_pd = pcc_path_depth (file);
  GArray *hash = st->file_hits;
  g_array_set_size (hash, 0);
  for (guint i = 0; i < span->len; i++)
    {
      const PccMatch *mt = &matches[i];
      if (mt->exact)
        g_hash_table_add (st->exact_files, (gpointer) file);
      /* --pattern-depth limits F: matches; an N: match always counts */
      if (pcc_maintainers_entry_type (m, mt->tvi) == 'F'
          && !(st->o->pattern_depth == 0
               || (file_pd - mt->depth) < st->o->pattern_depth))
        continue;
      guint start = pcc_maintainers_section_start (m, mt->tvi);
      SectionHit *h = hash->len > 0
                          ? &g_array_index (hash, SectionHit, hash->len - 1)
                          : NULL;
      if (h == NULL || h->start != start)
        {
          SectionHit nh = { .start = start };
          g_array_append_val (hash, nh);
          h = &g_array_index (hash, SectionHit, hash->len - 1);
        }
      h->depth = mt->depth;
      if (h->n_tvis < G_N_ELEMENTS (h->tvis))
        h->tvis[h->n_tvis++] = mt->tvi;
    }

  PccFileRest fr = { .file = file,
                     .decision = PCC_REST_NOT_MATCHED,
                     .n_matches = hash->len };
  /* THE REST only as a fallback (seed 001). */
  int the_rest = -1;
  for (guint i = 0; i < hash->len && the_rest < 0; i++)
    {
      guint start = g_array_index (hash, SectionHit, i).start;
      if (strcmp (pcc_maintainers_entry_value (m, start), "THE REST") == 0)
        the_rest = i;
    }
  if (the_rest >= 0)
    {
      fr.decision = st->o->rest_rule == PCC_REST_ALWAYS
                        ? PCC_REST_KEPT_ALWAYS
                        : PCC_REST_KEPT_NO_LIST;
      if (st->o->rest_rule != PCC_REST_ALWAYS)
        {
          for (guint i = 0; i < hash->len; i++)
            {
              SectionHit *h = &g_array_index (hash, SectionHit, i);
              if ((int) i != the_rest
                  && pcc_maintainers_section_has_list (
                      m, h->tvis[0], st->o->rest_rule == PCC_REST_PUBLIC))
                {
                  fr.decision = PCC_REST_DROPPED;
                  fr.list_section = h->start;
                  g_array_remove_index (hash, the_rest);
                  break;
                }
            }
        }
    }
  g_array_append_val (st->result->file_rest, fr);

  g_array_sort (hash, compare_hits);
  for (guint i = 0; i < hash->len; i++)
    {
      SectionHit *h = &g_array_index (hash, SectionHit, i);
      for (guint t = 0; t < h->n_tvis; t++)
        {
          PccReason r = { .kind = PCC_REASON_PATTERN,
                          .file = file,
                          .tvi = h->tvis[t],
                          .section = h->start };
          add_categories (st, h->tvis[t], &r);
        }
      if (st->o->sections)
        print_section (st, h->tvis[0]);
    }
  return TRUE;
}

/* --- e-mail addresses written in files (maintainers_in_file) --------------- */

static PccRegex *
file_email_regex (void)
{
  /* The script's class "A-Za-zÀ-ÿ" is, in the bytes of its UTF-8
   * source, A-Za-z, \xC3, \x80-\xC3 and \xBF. */
  return pcc_regex_new ("[A-Za-z\\xC3\\x80-\\xC3\\xBF\\\"\\' \\,\\.\\+-]*\\s*"
                        "[\\,]*\\s*[\\(\\<\\{]{0,1}[A-Za-z0-9_\\.\\+-]+\\@"
                        "[A-Za-z0-9\\.-]+\\.[A-Za-z0-9]+[\\)\\>\\}]{0,1}",
                        0, NULL);
}

/* split(/[^A-Za-zÀ-ÿ\'\,\.\+-]/, $name), in bytes: empty fields kept
 * except trailing ones, which Perl drops. */
static char **
split_name (const char *name)
{
  GPtrArray *parts = g_ptr_array_new ();
  const char *start = name;
  for (const unsigned char *p = (const unsigned char *) name;; p++)
    {
      gboolean keep = *p != '\0'
                      && (g_ascii_isalpha (*p) || (*p >= 0x80 && *p <= 0xC3)
                          || *p == 0xBF || strchr ("',.+-", *p));
      if (*p != '\0' && keep)
        continue;
      g_ptr_array_add (parts, g_strndup (start, (const char *) p - start));
      if (*p == '\0')
        break;
      start = (const char *) p + 1;
    }
  while (parts->len > 0 && ((char *) parts->pdata[parts->len - 1])[0] == '\0')
    g_free (g_ptr_array_steal_index (parts, parts->len - 1));
  g_ptr_array_add (parts, NULL);
  return (char **) g_ptr_array_free (parts, FALSE);
}

/* clean_file_emails() for one candidate. */
static char *
clean_file_email (const char *candidate, gboolean usename)
{
  g_autoptr (PccRegex) bracket = pcc_regex_new (
      "[\\(\\<\\{]{0,1}([A-Za-z0-9_\\.\\+-]+\\@[A-Za-z0-9\\.-]+)[\\)\\>\\}]{0,1}",
      0, NULL);
  g_autofree char *email
      = pcc_regex_replace (bracket, candidate, "<$1>", TRUE);
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (email, &name, &address);
  if (strcmp (name, "\"[,\\.]\"") == 0)
    {
      g_free (name);
      name = g_strdup ("");
    }

  /* split(/[^A-Za-zÀ-ÿ\'\,\.\+-]/, $name): Perl drops trailing empty
   * fields. */
  g_auto (GStrv) nw = split_name (name);
  guint n = g_strv_length (nw);
  while (n > 0 && nw[n - 1][0] == '\0')
    n--;
  if (n > 2)
    {
      const char *first = nw[n - 3], *middle = nw[n - 2], *last = nw[n - 1];
      gsize fl = strlen (first), ml = strlen (middle);
      char *nn;
      if ((fl == 1 && g_ascii_isalpha (first[0]))
          || (fl == 2 && first[1] == '.') || ml == 1
          || (ml == 2 && middle[1] == '.'))
        nn = g_strdup_printf ("%s %s %s", first, middle, last);
      else
        nn = g_strdup_printf ("%s %s", middle, last);
      g_free (name);
      name = nn;
    }
  gsize len = strlen (name);
  if (len > 0 && (name[len - 1] == ',' || name[len - 1] == '.'))
    {
      name[len - 1] = '\0';
    }
  else if (len >= 2 && name[len - 1] == '"'
           && (name[len - 2] == ',' || name[len - 2] == '.'))
    {
      name[len - 2] = '"';
      name[len - 1] = '\0';
    }
  len = strlen (name);
  if (len > 0 && (name[0] == ',' || name[0] == '.'))
    {
      memmove (name, name + 1, len);
    }
  else if (len >= 2 && name[0] == '"' && (name[1] == ',' || name[1] == '.'))
    {
      memmove (name + 1, name + 2, len - 1);
    }
  return pcc_email_format (name, address, usename);
}

static void
maintainers_in_file (State *st, const char *file, GPtrArray *file_emails)
{
  if (g_str_has_suffix (file, "MAINTAINERS"))
    {
      gsize fl = strlen (file);
      /* \bMAINTAINERS$: a word boundary before the M */
      if (fl == 11
          || !(g_ascii_isalnum (file[fl - 12]) || file[fl - 12] == '_'))
        return;
    }
  if (!(st->o->email_file_emails || g_str_has_suffix (file, ".yaml")))
    return;
  if (!pcc_tree_is_file (st->engine->tree, file))
    return;
  gsize len = 0;
  g_autofree char *text
      = pcc_tree_read_file (st->engine->tree, file, &len, NULL);
  if (text == NULL)
    return;
  g_autoptr (PccRegex) re = file_email_regex ();
  gsize pos = 0;
  while (pos < len)
    {
      /* Every match holds an '@', and no part of the expression can step
     * over one, so the next match uses the next '@' or starts after it.
     * Its earliest start is found by walking back through the
     * expression: local part, [({<]?, \s*, [,]*, \s*, then the name
     * class (which holds no newline).  Searching from there to the end of
     * the '@' line gives the match the script's global search finds,
     * without trying every byte of the file as a start (quadratic on a
     * long binding). */
      const char *at = memchr (text + pos, '@', len - pos);
      if (at == NULL)
        break;
      gsize a = at - text, w = a;
      while (
          w > pos
          && (g_ascii_isalnum (text[w - 1]) || strchr ("_.+-", text[w - 1])))
        w--;
      if (w > pos && strchr ("({<", text[w - 1]))
        w--;
      while (w > pos && g_ascii_isspace (text[w - 1]))
        w--;
      while (w > pos && text[w - 1] == ',')
        w--;
      while (w > pos && g_ascii_isspace (text[w - 1]))
        w--;
      while (
          w > pos
          && (g_ascii_isalpha (text[w - 1])
              || ((guchar) text[w - 1] >= 0x80 && (guchar) text[w - 1] <= 0xC3)
              || (guchar) text[w - 1] == 0xBF
              || strchr ("\"' ,.+-", text[w - 1])))
        w--;
      const char *nl = memchr (at, '\n', len - a);
      gsize line_end = nl ? (gsize) (nl - text) : len;
      if (!pcc_regex_match (re, text, line_end, w))
        {
          pos = a + 1;
          continue;
        }
      gsize ms, me;
      pcc_regex_group_pos (re, 0, &ms, &me);
      g_autofree char *cand = g_strndup (text + ms, me - ms);
      g_ptr_array_add (file_emails,
                       clean_file_email (cand, st->o->email_usename));
      pos = me > ms ? me : ms + 1;
    }
}

/* --- deduplication -------------------------------------------------------- */

char *
pcc_recipients_deduplicate_email (State *st, const char *email_in)
{
  GHashTable *by_name = st->dedup_name, *by_address = st->dedup_address;
  PccMailmap *mm = st->engine->mailmap;
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (email_in, &name, &address);
  g_autofree char *formatted = pcc_email_format (name, address, TRUE);
  char *email = st->o->email_use_mailmap ? pcc_mailmap_map (mm, formatted)
                                         : g_strdup (formatted);
  if (!st->o->email_remove_duplicates)
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
  return st->o->email_use_mailmap ? pcc_mailmap_map (mm, f2) : g_strdup (f2);
}

/* add_role() */
void
pcc_recipients_add_role (State *st, const char *line, const char *role)
{
  g_autofree char *name = NULL, *address = NULL;
  pcc_email_parse (line, &name, &address);
  g_autofree char *email
      = pcc_email_format (name, address, st->o->email_usename);
  g_autoptr (PccRegex) role_re = pcc_regex_new (role, 0, NULL);

  for (guint i = 0; i < st->email_to->len; i++)
    {
      Item *it = st->email_to->pdata[i];
      gboolean same;
      if (st->o->email_remove_duplicates)
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
      char *r = it->role[0] == '\0'
                    ? g_strdup (role)
                    : g_strconcat (it->role, ",", role, NULL);
      g_free (it->role);
      it->role = r;
    }
}

/* --- the whole computation -------------------------------------------------- */

int
pcc_recipients_compare_strings (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static int
compare_tvi_as_strings (gconstpointer a, gconstpointer b)
{
  char x[16], y[16];
  g_snprintf (x, sizeof x, "%u", *(const guint *) a);
  g_snprintf (y, sizeof y, "%u", *(const guint *) b);
  return strcmp (x, y);
}

static void
recipient_free (gpointer p)
{
  PccRecipient *rc = p;
  g_free (rc->address);
  g_free (rc->name);
  g_free (rc->email);
  g_free (rc->role);
  g_array_unref (rc->reasons);
  g_free (rc);
}

static PccResult *
result_new (PccEngine *engine, const PccOptions *o)
{
  PccResult *r = g_new0 (PccResult, 1);
  r->engine = engine;
  r->opts = *o;
  r->opts.output_separator = g_strdup (o->output_separator);
  r->opts.letters = g_strdup (o->letters);
  r->opts.email_git_since = g_strdup (o->email_git_since);
  r->opts.ignore_emails = g_strdupv (o->ignore_emails);
  r->strings = g_ptr_array_new_with_free_func (g_free);
  r->recipients = g_ptr_array_new_with_free_func (recipient_free);
  r->file_rest = g_array_new (FALSE, TRUE, sizeof (PccFileRest));
  r->files = g_ptr_array_new_with_free_func (g_free);
  r->warnings = g_ptr_array_new_with_free_func (g_free);
  r->sections_out = g_string_new (NULL);
  r->scm = g_ptr_array_new_with_free_func (g_free);
  r->status = g_ptr_array_new_with_free_func (g_free);
  r->subsystem = g_ptr_array_new_with_free_func (g_free);
  r->web = g_ptr_array_new_with_free_func (g_free);
  return r;
}

void
pcc_result_free (PccResult *r)
{
  if (r == NULL)
    return;
  g_ptr_array_unref (r->recipients);
  g_array_unref (r->file_rest);
  g_ptr_array_unref (r->files);
  g_ptr_array_unref (r->warnings);
  g_string_free (r->sections_out, TRUE);
  g_ptr_array_unref (r->scm);
  g_ptr_array_unref (r->status);
  g_ptr_array_unref (r->subsystem);
  g_ptr_array_unref (r->web);
  g_ptr_array_unref (r->strings);
  pcc_options_clear (&r->opts);
  g_free (r);
}

static void
free_pair (gpointer p)
{
  g_strfreev (p);
}

/* Everything after the files are known: keywords, deduplication, the
 * chief penguin, addresses in files, and the final list. */
static PccResult *
compute (PccEngine *engine, const PccOptions *o, GPtrArray *files,
         GArray *keyword_hits, GArray *keyword_lines, GPtrArray *fixes,
         GArray *ranges, GError **error)
{
  State st = { 0 };
  st.dedup_name
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_pair);
  st.dedup_address
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, free_pair);
  st.exact_files = g_hash_table_new (g_str_hash, g_str_equal);
  st.file_hits = g_array_new (FALSE, FALSE, sizeof (SectionHit));
  st.engine = engine;
  st.m = engine->m;
  st.o = o;
  st.email_to = g_ptr_array_new_with_free_func ((GDestroyNotify) item_free);
  st.list_to = g_ptr_array_new_with_free_func ((GDestroyNotify) item_free);
  st.email_hash_name
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st.email_hash_address
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st.hash_list_to
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st.sections_added = g_hash_table_new_full (
      g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  st.section_role
      = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  st.result = result_new (engine, o);
  PccResult *res = st.result;
  gboolean ok = TRUE;
  g_autoptr (GPtrArray) file_emails = g_ptr_array_new_with_free_func (g_free);

  /* The result keeps the file names its reasons point to. */
  for (guint i = 0; i < files->len; i++)
    g_ptr_array_add (res->files, g_strdup (files->pdata[i]));

  for (guint i = 0; i < res->files->len && ok; i++)
    {
      const char *file = res->files->pdata[i];
      ok = file_sections (&st, file, error);
      if (ok)
        maintainers_in_file (&st, file, file_emails);
    }

  if (ok && o->keywords && keyword_hits->len > 0)
    {
      /* sort_and_uniq(@keyword_tvi): sorted by the callers, as strings */
      for (guint i = 0; i < keyword_hits->len; i++)
        {
          guint tvi = g_array_index (keyword_hits, guint, i);
          if (i > 0 && tvi == g_array_index (keyword_hits, guint, i - 1))
            continue;
          PccReason r = { .kind = PCC_REASON_KEYWORD,
                          .file = NULL,
                          .tvi = tvi,
                          .section = pcc_maintainers_section_start (st.m, tvi),
                          .lineno = g_array_index (keyword_lines, guint, i) };
          add_categories (&st, tvi, &r);
        }
    }

  if (ok)
    {
      GPtrArray *lists[] = { st.email_to, st.list_to };
      for (guint l = 0; l < 2; l++)
        for (guint i = 0; i < lists[l]->len; i++)
          {
            Item *it = lists[l]->pdata[i];
            char *d = pcc_recipients_deduplicate_email (&st, it->formatted);
            g_free (it->formatted);
            it->formatted = d;
          }

      /* vcs_file_signoffs() and vcs_file_blame(), file by file */
      for (guint i = 0; i < res->files->len && ok && o->email; i++)
        {
          const char *file = res->files->pdata[i];
          if (o->email_git
              || (o->email_git_fallback
                  && !g_str_has_suffix (file, "MAINTAINERS")
                  && !g_hash_table_contains (st.exact_files, file)))
            ok = pcc_recipients_vcs_file_signoffs (&st, file, error);
          if (ok && o->email_git_blame)
            ok = pcc_recipients_vcs_file_blame (&st, file, ranges, error);
        }

      if (o->email)
        {
          g_autofree char *chief = pcc_email_format (
              "Linus Torvalds", "torvalds@linux-foundation.org",
              o->email_usename);
          if (o->email_git_penguin_chiefs)
            {
              g_ptr_array_add (st.email_to,
                               item_new (g_strdup (chief),
                                         g_strdup ("chief penguin"),
                                         PCC_KIND_CHIEF_PENGUIN));
            }
          else
            {
              g_autoptr (PccRegex) re = pcc_regex_new (chief, 0, NULL);
              for (guint i = st.email_to->len; re && i > 0; i--)
                {
                  Item *it = st.email_to->pdata[i - 1];
                  if (pcc_regex_match (re, it->formatted, -1, 0))
                    g_ptr_array_remove_index (st.email_to, i - 1);
                }
            }

          /* uniq(@file_emails) */
          g_autoptr (GHashTable) seen
              = g_hash_table_new (g_str_hash, g_str_equal);
          for (guint i = 0; i < file_emails->len; i++)
            {
              const char *fe = file_emails->pdata[i];
              if (!g_hash_table_add (seen, (gpointer) fe))
                continue;
              g_autofree char *mapped
                  = o->email_use_mailmap
                        ? pcc_mailmap_map (engine->mailmap, fe)
                        : g_strdup (fe);
              g_autofree char *name = NULL, *address = NULL;
              pcc_email_parse (mapped, &name, &address);
              g_autofree char *tmp
                  = pcc_email_format (name, address, o->email_usename);
              gboolean had;
              Item *it = pcc_recipients_push_email (&st, tmp, "",
                                                    PCC_KIND_FILE_EMAIL, &had);
              pcc_recipients_add_role (&st, tmp, "in file");
              if (it)
                {
                  PccReason r = { .kind = PCC_REASON_FILE_EMAIL,
                                  .tvi = G_MAXUINT,
                                  .section = G_MAXUINT };
                  pcc_recipients_add_reason (it, &r);
                }
            }
        }

      /* vcs_add_commit_signers($fix, "blamed_fixes") */
      for (guint i = 0; ok && fixes && i < fixes->len; i++)
        pcc_recipients_vcs_add_commit_signers (&st, fixes->pdata[i]);

      /* @to and merge_email() */
      GPtrArray *to = g_ptr_array_new ();
      if (o->email)
        g_ptr_array_extend (to, st.email_to, NULL, NULL);
      if (o->email_list)
        g_ptr_array_extend (to, st.list_to, NULL, NULL);
      g_autoptr (GHashTable) saw = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < to->len; i++)
        {
          Item *it = to->pdata[i];
          if (!g_hash_table_add (saw, it->formatted))
            continue;
          PccRecipient *rc = g_new0 (PccRecipient, 1);
          rc->address = g_strdup (it->formatted);
          pcc_email_parse (it->formatted, &rc->name, &rc->email);
          rc->role = g_strdup (it->role);
          rc->kind = it->kind;
          rc->reasons = g_array_ref (it->reasons);
          g_ptr_array_add (res->recipients, rc);
        }
      g_ptr_array_unref (to);
    }

  g_ptr_array_unref (st.email_to);
  g_ptr_array_unref (st.list_to);
  g_hash_table_unref (st.email_hash_name);
  g_hash_table_unref (st.email_hash_address);
  g_hash_table_unref (st.hash_list_to);
  g_hash_table_unref (st.sections_added);
  g_hash_table_unref (st.section_role);
  g_hash_table_unref (st.dedup_name);
  g_hash_table_unref (st.dedup_address);
  g_hash_table_unref (st.exact_files);
  g_array_unref (st.file_hits);
  if (engine->history)
    pcc_history_save_cache (engine->history);
  if (!ok)
    {
      pcc_result_free (res);
      return NULL;
    }
  return res;
}

/* The K: entries matching lines of @patch, appended to @hits with the
 * line of each in @hit_lines; from the cache when the same text was just
 * scanned. */
static gboolean
patch_keywords (PccEngine *engine, PccPatch *patch, GArray *hits,
                GArray *hit_lines, GError **error)
{
  gsize tlen;
  const char *text = pcc_patch_get_text (patch, &tlen);
  /* (no hash first: comparing is as fast as hashing, and texts of the
   * same length are rare unless they are the same) */
  for (guint c = 0; c < KW_CACHE_SIZE; c++)
    {
      KwCache *kc = &engine->kw_cache[c];
      if (kc->hits && kc->len == tlen
          && (tlen == 0 || memcmp (kc->text, text, tlen) == 0))
        {
          g_array_append_vals (hits, kc->hits->data, kc->hits->len);
          g_array_append_vals (hit_lines, kc->lines->data, kc->lines->len);
          return TRUE;
        }
    }

  const GArray *kl = pcc_patch_get_keyword_lines (patch);
  g_autoptr (GArray) cand = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) mine = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) lines = g_array_new (FALSE, FALSE, sizeof (guint));
  /* the needles are looked for in the lines keywords are matched on only
   * (a diff's ---/+++ lines, with their long paths, are not such lines),
   * each run of adjacent lines as one span */
  g_autoptr (GArray) spans = g_array_new (FALSE, FALSE, sizeof (PccTextSpan));
  for (guint i = 0; i < kl->len; i++)
    {
      const PccKeywordLine *l = &g_array_index (kl, PccKeywordLine, i);
      PccTextSpan *last = spans->len > 0 ? &g_array_index (spans, PccTextSpan,
                                                           spans->len - 1)
                                         : NULL;
      if (last && last->offset + last->len == l->offset)
        last->len += l->len;
      else
        {
          PccTextSpan sp = { l->offset, l->len };
          g_array_append_val (spans, sp);
        }
    }
  if (!pcc_maintainers_keywords_in_spans (engine->m, text,
                                          (const PccTextSpan *) spans->data,
                                          spans->len, cand, error))
    return FALSE;
  for (guint i = 0; i < kl->len && cand->len > 0; i++)
    {
      const PccKeywordLine *l = &g_array_index (kl, PccKeywordLine, i);
      guint before = mine->len;
      if (!pcc_maintainers_match_keywords (engine->m, text + l->offset, l->len,
                                           l->in_diff, cand, mine, error))
        return FALSE;
      for (guint h = before; h < mine->len; h++)
        g_array_append_val (lines, l->lineno);
    }
  g_array_append_vals (hits, mine->data, mine->len);
  g_array_append_vals (hit_lines, lines->data, lines->len);

  KwCache *kc = &engine->kw_cache[engine->kw_next++ % KW_CACHE_SIZE];
  g_clear_pointer (&kc->hits, g_array_unref);
  g_clear_pointer (&kc->lines, g_array_unref);
  g_free (kc->text);
  kc->text = g_memdup2 (text, tlen);
  kc->len = tlen;
  kc->hits = g_steal_pointer (&mine);
  kc->lines = g_steal_pointer (&lines);
  return TRUE;
}

PccResult *
pcc_engine_compute (PccEngine *engine, const PccOptions *o,
                    PccPatch *const *patches, guint n_patches, GError **error)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new ();
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) hit_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  /* @fixes (uniq) and @range, over every patch of the command line */
  g_autoptr (GPtrArray) fixes = g_ptr_array_new ();
  g_autoptr (GHashTable) fixes_seen
      = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) ranges
      = g_array_new (FALSE, FALSE, sizeof (PccBlameRange));

  for (guint p = 0; p < n_patches; p++)
    {
      const GPtrArray *gm = pcc_patch_get_gm_files (patches[p]);
      for (guint i = 0; i < gm->len; i++)
        if (!(o->skip_dev_null && strcmp (gm->pdata[i], "dev/null") == 0))
          g_ptr_array_add (files, gm->pdata[i]);
      const GPtrArray *fx = pcc_patch_get_fixes (patches[p]);
      for (guint i = 0; o->email_fixes && i < fx->len; i++)
        if (g_hash_table_add (fixes_seen, fx->pdata[i]))
          g_ptr_array_add (fixes, fx->pdata[i]);
      const GArray *rg = pcc_patch_get_blame_ranges (patches[p]);
      g_array_append_vals (ranges, rg->data, rg->len);
      if (!o->keywords)
        continue;
      if (!patch_keywords (engine, patches[p], hits, hit_lines, error))
        return NULL;
    }
  /* sort_and_uniq(@files) over every patch of the command line (one
   * patch's files come sorted already) */
  gboolean sorted = TRUE;
  for (guint i = 1; i < files->len && sorted; i++)
    sorted = strcmp (files->pdata[i - 1], files->pdata[i]) <= 0;
  if (!sorted)
    g_ptr_array_sort (files, pcc_recipients_compare_strings);
  guint w = 0;
  for (guint i = 0; i < files->len; i++)
    if (w == 0 || strcmp (files->pdata[w - 1], files->pdata[i]) != 0)
      files->pdata[w++] = files->pdata[i];
  files->len = w;

  /* Keep each hit's line with it through the string sort. */
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  for (guint i = 0; i < hits->len; i++)
    {
      guint pair[2] = { g_array_index (hits, guint, i),
                        g_array_index (hit_lines, guint, i) };
      g_array_append_val (pairs, pair);
    }
  g_array_sort (pairs, compare_tvi_as_strings);
  for (guint i = 0; i < pairs->len; i++)
    {
      guint *pair = &g_array_index (pairs, guint, i * 2);
      g_array_index (hits, guint, i) = pair[0];
      g_array_index (hit_lines, guint, i) = pair[1];
    }

  return compute (engine, o, files, hits, hit_lines, fixes, ranges, error);
}

PccResult *
pcc_engine_compute_files (PccEngine *engine, const PccOptions *o,
                          const char *const *paths, guint n_paths,
                          GError **error)
{
  g_autoptr (GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) hits = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) hit_lines = g_array_new (FALSE, FALSE, sizeof (guint));
  const char *top = pcc_tree_get_path (engine->tree);

  for (guint i = 0; i < n_paths; i++)
    {
      char *f = g_strdup (paths[i]);
      /* canonpath(): squeeze "//" and "/./", drop a trailing "/" */
      while (strstr (f, "//"))
        {
          char *d = strstr (f, "//");
          memmove (d, d + 1, strlen (d));
        }
      while (strstr (f, "/./"))
        {
          char *d = strstr (f, "/./");
          memmove (d, d + 2, strlen (d + 1));
        }
      while (g_str_has_prefix (f, "./") && f[2] != '\0')
        memmove (f, f + 2, strlen (f + 1));
      gsize fl = strlen (f);
      if (fl > 1 && f[fl - 1] == '/')
        f[fl - 1] = '\0';
      if (top && g_str_has_prefix (f, top) && f[strlen (top)] == '/')
        memmove (f, f + strlen (top) + 1, strlen (f + strlen (top) + 1) + 1);
      if (pcc_tree_is_dir (engine->tree, f))
        {
          char *s = g_strconcat (f, "/", NULL);
          g_free (f);
          f = s;
        }
      else if (!pcc_tree_is_file (engine->tree, f))
        {
          g_set_error (error, PCC_ERROR, PCC_ERROR_IO, "file '%s' not found",
                       f);
          g_free (f);
          return NULL;
        }
      g_ptr_array_add (files, f);
      if (strcmp (f, "MAINTAINERS") != 0 && o->keywords
          && pcc_tree_is_file (engine->tree, f))
        {
          gsize len = 0;
          g_autofree char *text
              = pcc_tree_read_file (engine->tree, f, &len, NULL);
          guint before = hits->len;
          if (text
              && !pcc_maintainers_match_keywords (engine->m, text, len, FALSE,
                                                  NULL, hits, error))
            return NULL;
          for (guint h = before; h < hits->len; h++)
            g_array_append_val (hit_lines, (guint){ 0 });
        }
    }
  g_array_sort (hits, compare_tvi_as_strings);
  return compute (engine, o, files, hits, hit_lines, NULL, NULL, error);
}

/* --- reading the result ---------------------------------------------------------- */

guint
pcc_result_get_n_recipients (const PccResult *r)
{
  return r->recipients->len;
}

const PccRecipient *
pcc_result_get_recipient (const PccResult *r, guint i)
{
  return r->recipients->pdata[i];
}

guint
pcc_result_get_n_files (const PccResult *r)
{
  return r->file_rest->len;
}

const PccFileRest *
pcc_result_get_file_rest (const PccResult *r, guint i)
{
  return &g_array_index (r->file_rest, PccFileRest, i);
}

const GPtrArray *
pcc_result_get_warnings (const PccResult *r)
{
  return r->warnings;
}

static void
output (GString *out, const PccOptions *o, GPtrArray *lines)
{
  if (o->output_multiline)
    {
      for (guint i = 0; i < lines->len; i++)
        {
          g_string_append (out, lines->pdata[i]);
          g_string_append_c (out, '\n');
        }
    }
  else
    {
      for (guint i = 0; i < lines->len; i++)
        {
          if (i > 0)
            g_string_append (out, o->output_separator);
          g_string_append (out, lines->pdata[i]);
        }
      g_string_append_c (out, '\n');
    }
}

static GPtrArray *
uniq (GPtrArray *in)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < in->len; i++)
    if (g_hash_table_add (seen, in->pdata[i]))
      g_ptr_array_add (out, in->pdata[i]);
  return out;
}

char *
pcc_result_format (const PccResult *r)
{
  const PccOptions *o = &r->opts;
  GString *out = g_string_new (r->sections_out->str);

  if (r->recipients->len > 0)
    {
      g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < r->recipients->len; i++)
        {
          PccRecipient *rc = r->recipients->pdata[i];
          g_ptr_array_add (lines, o->output_roles
                                      ? g_strconcat (rc->address, " (",
                                                     rc->role, ")", NULL)
                                      : g_strdup (rc->address));
        }
      output (out, o, lines);
    }
  struct
  {
    gboolean on;
    GPtrArray *list;
  } extra[] = {
    { o->scm, r->scm },
    { o->status, r->status },
    { o->subsystem, r->subsystem },
    { o->web, r->web },
  };
  for (guint i = 0; i < G_N_ELEMENTS (extra); i++)
    if (extra[i].on)
      {
        g_autoptr (GPtrArray) u = uniq (extra[i].list);
        output (out, o, u);
      }
  return g_string_free (out, FALSE);
}

/* --- explanations ------------------------------------------------------------------ */

/* "signed off commit abc123 named in Fixes:", "signed 3 of 10 commits to
 * drivers/foo.c in the last year"... */
static char *
history_reason (const PccResult *r, const PccReason *re)
{
  if (re->kind == PCC_REASON_FIXES)
    return g_strdup_printf ("signed off commit %s named in Fixes:",
                            re->commit);
  const char *since = r->opts.email_git_since;
  g_autofree char *when = strcmp (since, "1-year-ago") == 0
                              ? g_strdup ("in the last year")
                              : g_strdup_printf ("since %s", since);
  const char *role = re->role;
  if (strcmp (role, "commit_signer") == 0)
    return g_strdup_printf ("signed %u of %u commits to %s %s", re->count,
                            re->total, re->file, when);
  if (strcmp (role, "authored") == 0)
    return g_strdup_printf ("authored %u of %u commits to %s %s", re->count,
                            re->total, re->file, when);
  if (strcmp (role, "added_lines") == 0)
    return g_strdup_printf ("added %u of %u lines added to %s %s", re->count,
                            re->total, re->file, when);
  if (strcmp (role, "removed_lines") == 0)
    return g_strdup_printf ("removed %u of %u lines removed from %s %s",
                            re->count, re->total, re->file, when);
  if (strcmp (role, "authored lines") == 0)
    return g_strdup_printf ("authored %u of the %u lines of %s (git blame)",
                            re->count, re->total, re->file);
  return g_strdup_printf ("signed %u of the %u commits that last changed the "
                          "patched lines of %s (git blame)",
                          re->count, re->total, re->file);
}

static char *
cite (PccMaintainers *m, guint tvi)
{
  return g_strdup_printf ("%s:%u", pcc_maintainers_entry_file (m, tvi),
                          pcc_maintainers_entry_lineno (m, tvi));
}

char *
pcc_result_describe_reason (const PccResult *r, const PccRecipient *rc)
{
  PccMaintainers *m = r->engine->m;
  if (rc->reasons->len == 0)
    return g_strdup (
        rc->kind == PCC_KIND_CHIEF_PENGUIN ? "--git-chief-penguins" : "");
  const PccReason *re = &g_array_index (rc->reasons, PccReason, 0);
  g_autofree char *more
      = rc->reasons->len > 1
            ? g_strdup_printf (" (+%u more)", rc->reasons->len - 1)
            : g_strdup ("");
  switch (re->kind)
    {
      case PCC_REASON_PATTERN:
        return g_strdup_printf ("%s \u2192 %s \u2192 %s%s", re->file,
                                pcc_maintainers_entry_line (m, re->tvi),
                                pcc_maintainers_entry_value (m, re->section),
                                more);
      case PCC_REASON_KEYWORD:
        return g_strdup_printf (
            "patch line %u \u2192 %s \u2192 %s%s", re->lineno,
            pcc_maintainers_entry_line (m, re->tvi),
            pcc_maintainers_entry_value (m, re->section), more);
      case PCC_REASON_GIT:
      case PCC_REASON_FIXES:
        {
          g_autofree char *h = history_reason (r, re);
          return g_strdup_printf ("%s%s", h, more);
        }
      case PCC_REASON_FILE_EMAIL:
      default:
        return g_strdup_printf ("written in a file of the patch%s", more);
    }
}

char *
pcc_result_explain (const PccResult *r)
{
  PccMaintainers *m = r->engine->m;
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < r->recipients->len; i++)
    {
      PccRecipient *rc = r->recipients->pdata[i];
      g_string_append_printf (out, "%s (%s)\n", rc->address, rc->role);
      for (guint j = 0; j < rc->reasons->len; j++)
        {
          const PccReason *re = &g_array_index (rc->reasons, PccReason, j);
          g_autofree char *where
              = re->tvi != G_MAXUINT ? cite (m, re->tvi) : NULL;
          const char *section
              = re->section != G_MAXUINT
                    ? pcc_maintainers_entry_value (m, re->section)
                    : "";
          switch (re->kind)
            {
              case PCC_REASON_PATTERN:
                g_string_append_printf (
                    out, "    %s: matches \"%s\" (%s) of %s\n", re->file,
                    pcc_maintainers_entry_line (m, re->tvi), where, section);
                break;
              case PCC_REASON_KEYWORD:
                g_string_append_printf (
                    out, "    patch line %u: keyword \"%s\" (%s) of %s\n",
                    re->lineno, pcc_maintainers_entry_line (m, re->tvi), where,
                    section);
                break;
              case PCC_REASON_GIT:
              case PCC_REASON_FIXES:
                {
                  g_autofree char *h = history_reason (r, re);
                  g_string_append_printf (out, "    %s\n", h);
                  break;
                }
              case PCC_REASON_FILE_EMAIL:
                g_string_append (out,
                                 "    the address is written in a file of the "
                                 "patch (a .yaml binding)\n");
                break;
            }
        }
    }

  gboolean any_rest = FALSE;
  for (guint i = 0; i < r->file_rest->len; i++)
    {
      const PccFileRest *fr = &g_array_index (r->file_rest, PccFileRest, i);
      if (fr->decision == PCC_REST_NOT_MATCHED)
        continue;
      if (!any_rest)
        g_string_append (out, "\nTHE REST (linux-kernel@vger.kernel.org):\n");
      any_rest = TRUE;
      switch (fr->decision)
        {
          case PCC_REST_DROPPED:
            {
              g_autofree char *where = cite (m, fr->list_section);
              g_string_append_printf (
                  out, "    %s: dropped: %s (%s) has a mailing list\n",
                  fr->file, pcc_maintainers_entry_value (m, fr->list_section),
                  where);
              break;
            }
          case PCC_REST_KEPT_NO_LIST:
            if (strcmp (fr->file, "dev/null") == 0)
              g_string_append (out,
                               "    dev/null: kept: the script reads "
                               "\"--- /dev/null\" of a new or deleted file as "
                               "the file dev/null, which only THE REST "
                               "matches (--skip-dev-null ignores it)\n");
            else
              g_string_append_printf (
                  out,
                  "    %s: kept: no other section matching "
                  "it has a %slist\n",
                  fr->file,
                  r->opts.rest_rule == PCC_REST_PUBLIC ? "public " : "");
            break;
          case PCC_REST_KEPT_ALWAYS:
            g_string_append_printf (out, "    %s: kept: --rest-rule=always\n",
                                    fr->file);
            break;
          default:
            break;
        }
    }
  return g_string_free (out, FALSE);
}
