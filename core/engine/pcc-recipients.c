/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-recipients.c - get_maintainers() of get_maintainer.pl: the files
 * and keywords of the patches, the MAINTAINERS sections they match (with
 * THE REST rule), the roles of those sections' people and lists, then the
 * history (pcc-recipients-vcs.c), addresses in files and the final list,
 * all gathered in one recipient list (pcc-recipient-list.h).
 *
 * One concept, a little over 800 lines: the script's get_maintainers()
 * is one function whose steps share its state (the matched sections, the
 * THE REST decision per file, the dialect's role and suffix rules); the
 * parts that stand alone (the list, the history, file addresses, the
 * output, --explain) are in their own files. */
#include "pcc-recipients.h"
#include "pcc-engine-private.h"
#include "pcc-email.h"
#include "pcc-error.h"
#include "pcc-file-emails.h"
#include "pcc-recipient-list.h"
#include "pcc-recipients-vcs.h"
#include "pcc-result-private.h"

#include <string.h>

/* One computation. */
typedef struct
{
  PccEngine *engine;
  PccMaintainers *m;
  const PccOptions *o;
  guint dialect; /* PccDialectFeature of the tree's script */
  PccRecipientList *list;
  /* start -> GPtrArray of the PccRecipientEntry the section added */
  GHashTable *sections_added;
  /* "start suffix" of each add_categories() with a suffix of its own */
  GHashTable *suffixes_added;
  GHashTable *section_role; /* start -> role text */
  PccResult *result;
  GHashTable *exact_files; /* %exact_pattern_match_hash */
  GArray *file_hits;       /* file_sections()'s %hash (SectionHit), reused */
  PccRecipientsVcs vcs;    /* the history's part */
} State;

/* --- names and roles --------------------------------------------------- */

/* get_subsystem_name(): the section name, cut to the maximum length. */
static char *
subsystem_name (State *st, guint tvi)
{
  const char *name = pcc_maintainers_section_name (st->m, tvi);
  int max = st->o->output_section_maxlen;
  /* 7.3 reads MAINTAINERS as UTF-8: substr() counts characters */
  gboolean chars
      = (st->dialect & PCC_DIALECT_UTF8) && g_utf8_validate (name, -1, NULL);
  gsize len = chars ? (gsize) g_utf8_strlen (name, -1) : strlen (name);
  if (max > 0 && len > (gsize) max)
    {
      gsize cut = max >= 3 ? (gsize) max - 3 : 0;
      char *s
          = chars ? g_utf8_substring (name, 0, cut) : g_strndup (name, cut);
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
  if (st->dialect & PCC_DIALECT_MAINTAINER_ROLES)
    {
      /* lc() of characters; the one status compared is ASCII */
      gboolean chief = strcmp (role, "buried alive in reporters") == 0;
      g_free (role);
      role = g_strdup (chief ? "chief penguin" : "maintainer");
    }
  static const char *map[][2] = {
    { "supported", "supporter" },
    { "maintained", "maintainer" },
    { "odd fixes", "odd fixer" },
    { "orphan", "orphan minder" },
    { "obsolete", "obsolete minder" },
    { "buried alive in reporters", "chief penguin" },
  };
  for (guint i = 0;
       i < G_N_ELEMENTS (map) && !(st->dialect & PCC_DIALECT_MAINTAINER_ROLES);
       i++)
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

/* The %hash_list_to part of add_categories(): the entry for the L: entry
 * @tvi (new, or the one its address has already), or NULL when the
 * options leave such a list out. */
static PccRecipientEntry *
list_entry (State *st, guint tvi, const char *value, const char *suffix)
{
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
  gboolean subscribers = strstr (additional, "subscribers-only") != NULL;
  gboolean moderated = !subscribers && strstr (additional, "moderated");
  if (subscribers ? !st->o->email_subscriber_list : !st->o->email_list)
    return NULL;
  PccRecipientEntry *old = pcc_recipient_list_lookup_list (st->list, address);
  if (old != NULL)
    return old;
  if (moderated && !st->o->email_moderated_list)
    return NULL;
  const char *role = subscribers ? "subscriber list"
                     : moderated ? "moderated list"
                                 : "open list";
  PccRecipientKind kind = subscribers ? PCC_KIND_SUBSCRIBER_LIST
                          : moderated ? PCC_KIND_MODERATED_LIST
                                      : PCC_KIND_LIST;
  g_autofree char *sub = subsystem_name (st, tvi);
  const char *list_role
      = strcmp (pcc_maintainers_section_name (st->m, tvi), "THE REST") == 0
            ? ""
            : sub;
  g_autofree char *role_suffix
      = list_role[0] ? g_strconcat (":", list_role, suffix, NULL)
                     : g_strdup (suffix);
  return pcc_recipient_list_add_list (st->list, address, role, role_suffix,
                                      kind);
}

/* The lines add_categories() adds that are only strings (T:, W:, B:,
 * S: and --substatus), each with @suffix: those are added again for every
 * new suffix, while the people and lists of a section are there from its
 * first call. */
static void
add_section_lines (State *st, guint tvi, const char *suffix)
{
  PccMaintainers *m = st->m;
  guint start = pcc_maintainers_section_start (m, tvi);
  guint end = pcc_maintainers_section_end (m, tvi);
  for (guint i = start + 1; i < end; i++)
    {
      char type = pcc_maintainers_entry_type (m, i);
      GPtrArray *to = type == 'T'   ? st->result->scm
                      : type == 'W' ? st->result->web
                      : type == 'B' ? st->result->bug
                      : type == 'S' ? st->result->status
                                    : NULL;
      if (to == NULL)
        continue;
      const char *value = pcc_maintainers_entry_value (m, i);
      g_ptr_array_add (to, g_strconcat (value, suffix, NULL));
    }
  const char *status = pcc_maintainers_section_substatus (m, tvi);
  if (status != NULL)
    g_ptr_array_add (st->result->substatus,
                     g_strconcat (pcc_maintainers_entry_value (m, start),
                                  " status: ", status, suffix, NULL));
}

/* add_categories($tvi, $suffix) for the section holding @tvi: its people
 * and lists once per section (later calls only record the reason), its
 * other lines once per suffix.  @suffix is "" but for 7.3's keyword
 * matches (":Keyword:REGEX"). */
static void
add_categories (State *st, guint tvi, const char *suffix,
                const PccReason *reason)
{
  PccMaintainers *m = st->m;
  guint start = pcc_maintainers_section_start (m, tvi);
  guint end = pcc_maintainers_section_end (m, tvi);
  GPtrArray *touched
      = g_hash_table_lookup (st->sections_added, GUINT_TO_POINTER (start));
  if (touched)
    {
      for (guint i = 0; i < touched->len; i++)
        pcc_recipient_entry_add_reason (touched->pdata[i], reason);
      if (suffix[0] != '\0'
          && g_hash_table_add (st->suffixes_added,
                               g_strdup_printf ("%u %s", start, suffix)))
        add_section_lines (st, tvi, suffix);
      return;
    }
  touched = g_ptr_array_new ();
  g_hash_table_insert (st->sections_added, GUINT_TO_POINTER (start), touched);
  if (suffix[0] != '\0')
    g_hash_table_add (st->suffixes_added,
                      g_strdup_printf ("%u %s", start, suffix));

  g_ptr_array_add (st->result->subsystem,
                   g_strdup (pcc_maintainers_entry_value (m, start)));

  for (guint i = start + 1; i < end; i++)
    {
      char type = pcc_maintainers_entry_type (m, i);
      /* an F:/X: value would cost a "-d" test, and none is used here */
      if (type == 'F' || type == 'X')
        continue;
      const char *value = pcc_maintainers_entry_value (m, i);
      PccRecipientEntry *it = NULL;

      if (type == 'L')
        {
          it = list_entry (st, i, value, suffix);
          if (it)
            g_ptr_array_add (touched, it);
        }
      else if ((type == 'M' && st->o->email_maintainer)
               || (type == 'R' && st->o->email_reviewer))
        {
          g_autofree char *role = NULL;
          if (type == 'M')
            {
              role = g_strconcat (maintainer_role (st, i), suffix, NULL);
            }
          else
            {
              g_autofree char *sub = subsystem_name (st, i);
              role = g_strconcat ("reviewer:", sub, suffix, NULL);
            }
          GPtrArray *addrs = entry_addresses (st, i);
          for (guint a = 0; a < addrs->len; a++)
            {
              gboolean had;
              it = pcc_recipient_list_push_email (
                  st->list, addrs->pdata[a], role,
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
    }
  add_section_lines (st, tvi, suffix);
  for (guint i = 0; i < touched->len; i++)
    pcc_recipient_entry_add_reason (touched->pdata[i], reason);
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
  guint at
      = GPOINTER_TO_UINT (g_hash_table_lookup (engine->match_cache, file));
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
  const MatchSpan *span
      = &g_array_index (engine->match_spans, MatchSpan, at - 1);
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
  /* THE REST only as a fallback (the posted change to get_maintainer.pl). */
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
          add_categories (st, h->tvis[t], "", &r);
        }
      if (st->o->sections)
        pcc_result_print_section (st->result, h->tvis[0], st->o->letters);
    }
  return TRUE;
}

/* --- the whole computation ------------------------------------------------- */

static int
compare_tvi_as_strings (gconstpointer a, gconstpointer b)
{
  char x[16], y[16];
  g_snprintf (x, sizeof x, "%u", *(const guint *) a);
  g_snprintf (y, sizeof y, "%u", *(const guint *) b);
  return strcmp (x, y);
}

/* Everything after the files are known: keywords, deduplication, the
 * chief penguin, addresses in files, and the final list. */
static PccResult *
compute (PccEngine *engine, const PccOptions *o, GPtrArray *files,
         GArray *keyword_hits, GArray *keyword_lines, GPtrArray *fixes,
         GArray *ranges, GError **error)
{
  State st = { 0 };
  st.exact_files = g_hash_table_new (g_str_hash, g_str_equal);
  st.file_hits = g_array_new (FALSE, FALSE, sizeof (SectionHit));
  st.engine = engine;
  st.m = engine->m;
  st.o = o;
  st.dialect = pcc_engine_get_dialect (engine)->features;
  st.list = pcc_recipient_list_new (o, engine->mailmap);
  st.sections_added = g_hash_table_new_full (
      g_direct_hash, g_direct_equal, NULL, (GDestroyNotify) g_ptr_array_unref);
  st.section_role
      = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  st.suffixes_added
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  st.result = pcc_result_new (engine, o);
  PccResult *res = st.result;
  st.vcs = (PccRecipientsVcs){ .engine = engine,
                               .o = o,
                               .list = st.list,
                               .warnings = res->warnings,
                               .strings = res->strings };
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
        (st.dialect & PCC_DIALECT_UTF8
             ? pcc_file_emails_find_utf8
             : pcc_file_emails_find) (engine->tree, file, o->email_file_emails,
                                      o->email_usename, file_emails);
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
          g_autofree char *suffix
              = (st.dialect & PCC_DIALECT_KEYWORD_SUFFIX) ? g_strconcat (
                    ":Keyword:", pcc_maintainers_entry_value (st.m, tvi), NULL)
                                                          : g_strdup ("");
          add_categories (&st, tvi, suffix, &r);
        }
    }

  if (ok)
    {
      pcc_recipient_list_deduplicate_entries (st.list);

      /* vcs_file_signoffs() and vcs_file_blame(), file by file */
      for (guint i = 0; i < res->files->len && ok && o->email; i++)
        {
          const char *file = res->files->pdata[i];
          if (o->email_git
              || (o->email_git_fallback
                  && !g_str_has_suffix (file, "MAINTAINERS")
                  && !g_hash_table_contains (st.exact_files, file)))
            ok = pcc_recipients_vcs_file_signoffs (&st.vcs, file, error);
          if (ok && o->email_git_blame)
            ok = pcc_recipients_vcs_file_blame (&st.vcs, file, ranges, error);
        }

      if (o->email)
        {
          g_autofree char *chief = pcc_email_format (
              "Linus Torvalds", "torvalds@linux-foundation.org",
              o->email_usename);
          if (o->email_git_penguin_chiefs)
            pcc_recipient_list_append_email (st.list, chief, "chief penguin",
                                             PCC_KIND_CHIEF_PENGUIN);
          else
            pcc_recipient_list_remove_matching (st.list, chief);

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
              PccRecipientEntry *it = pcc_recipient_list_push_email (
                  st.list, tmp, "", PCC_KIND_FILE_EMAIL, &had);
              pcc_recipient_list_add_role (st.list, tmp, "in file");
              if (it)
                {
                  PccReason r = { .kind = PCC_REASON_FILE_EMAIL,
                                  .tvi = G_MAXUINT,
                                  .section = G_MAXUINT };
                  pcc_recipient_entry_add_reason (it, &r);
                }
            }
        }

      /* vcs_add_commit_signers($fix, "blamed_fixes") */
      for (guint i = 0; ok && fixes && i < fixes->len; i++)
        pcc_recipients_vcs_add_commit_signers (&st.vcs, fixes->pdata[i]);

      /* @to and merge_email() */
      g_autoptr (GPtrArray) to
          = pcc_recipient_list_merge (st.list, o->email, o->email_list);
      for (guint i = 0; i < to->len; i++)
        {
          PccRecipientEntry *it = to->pdata[i];
          PccRecipient *rc = g_new0 (PccRecipient, 1);
          rc->address = g_strdup (it->formatted);
          pcc_email_parse (it->formatted, &rc->name, &rc->email);
          rc->role = g_strdup (it->role);
          rc->kind = it->kind;
          rc->reasons = g_array_ref (it->reasons);
          g_ptr_array_add (res->recipients, rc);
        }
    }

  pcc_recipient_list_free (st.list);
  g_hash_table_unref (st.sections_added);
  g_hash_table_unref (st.section_role);
  g_hash_table_unref (st.suffixes_added);
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
    g_ptr_array_sort (files, pcc_recipient_list_compare_strings);
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
          g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_NOENT,
                       "file '%s' not found", f);
          g_free (f);
          return NULL;
        }
      g_ptr_array_add (files, f);
      /* 7.3 reads a file's keywords only with --keywords-in-file */
      gboolean kf = o->keywords_in_file
                    || !(pcc_engine_get_dialect (engine)->features
                         & PCC_DIALECT_KEYWORDS_IN_FILE);
      if (strcmp (f, "MAINTAINERS") != 0 && o->keywords && kf
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
