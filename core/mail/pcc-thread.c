/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-thread.c - the mails of an mbox threaded by their ids. */
#include "pcc-thread.h"

#include <string.h>

#include "pcc-mime.h"

typedef struct
{
  char *message_id;
  char *parent;    /* In-Reply-To, else the last of References */
  GPtrArray *refs; /* References, the last MAX_REFERENCES */
  /* -2 not yet known, -1 none, else the index of the root it leads to. */
  gint anchor;
  gboolean walking;
  gboolean root;
} Mail;

struct _PccThread
{
  GArray *mails;     /* Mail */
  GHashTable *by_id; /* Message-Id (borrowed) -> index */
};

static void
mail_clear (gpointer p)
{
  Mail *m = p;
  g_free (m->message_id);
  g_free (m->parent);
  if (m->refs)
    g_ptr_array_unref (m->refs);
}

PccThread *
pcc_thread_new (void)
{
  PccThread *t = g_new0 (PccThread, 1);
  t->mails = g_array_new (FALSE, TRUE, sizeof (Mail));
  g_array_set_clear_func (t->mails, mail_clear);
  t->by_id = g_hash_table_new (g_str_hash, g_str_equal);
  return t;
}

void
pcc_thread_free (PccThread *thread)
{
  if (!thread)
    return;
  g_hash_table_unref (thread->by_id);
  g_array_unref (thread->mails);
  g_free (thread);
}

/* The ids "<...>" of @value in order; at most @max, the last ones kept. */
static GPtrArray *
read_ids (const char *value, guint max)
{
  GPtrArray *ids = g_ptr_array_new_with_free_func (g_free);
  const char *p = value;

  while (p && (p = strchr (p, '<')))
    {
      const char *e = strchr (p + 1, '>');
      if (!e)
        break;
      if (e > p + 1 && e - p < 1000)
        {
          g_ptr_array_add (ids, g_strndup (p + 1, (gsize) (e - p - 1)));
          if (ids->len > max)
            g_ptr_array_remove_index (ids, 0);
        }
      p = e + 1;
    }
  return ids;
}

static char *
first_id (const char *value)
{
  g_autoptr (GPtrArray) ids = value ? read_ids (value, 1) : NULL;
  if (!ids || ids->len == 0)
    return NULL;
  return g_strdup (ids->pdata[ids->len - 1]);
}

guint
pcc_thread_add (PccThread *thread, const GPtrArray *headers)
{
  const PccMimeHeader *mid = pcc_mime_find_header (headers, "Message-Id");
  const PccMimeHeader *irt = pcc_mime_find_header (headers, "In-Reply-To");
  const PccMimeHeader *ref = pcc_mime_find_header (headers, "References");
  guint i = thread->mails->len;
  Mail m = { 0 };

  m.message_id = mid ? first_id (mid->value) : NULL;
  m.refs = read_ids (ref ? ref->value : NULL, PCC_THREAD_MAX_REFERENCES);
  m.parent = irt ? first_id (irt->value) : NULL;
  if (!m.parent && m.refs->len)
    m.parent = g_strdup (m.refs->pdata[m.refs->len - 1]);
  m.anchor = -2;
  g_array_append_val (thread->mails, m);
  if (m.message_id && !g_hash_table_contains (thread->by_id, m.message_id))
    g_hash_table_insert (thread->by_id, m.message_id, GUINT_TO_POINTER (i));
  return i;
}

const char *
pcc_thread_get_message_id (const PccThread *thread, guint i)
{
  g_return_val_if_fail (i < thread->mails->len, NULL);
  return g_array_index (thread->mails, Mail, i).message_id;
}

gboolean
pcc_thread_get_parent (const PccThread *thread, guint i, guint *parent)
{
  g_return_val_if_fail (i < thread->mails->len, FALSE);
  const Mail *m = &g_array_index (thread->mails, Mail, i);
  gpointer v;
  if (!m->parent
      || !g_hash_table_lookup_extended (thread->by_id, m->parent, NULL, &v))
    return FALSE;
  *parent = GPOINTER_TO_UINT (v);
  return TRUE;
}

void
pcc_thread_set_root (PccThread *thread, guint i)
{
  g_return_if_fail (i < thread->mails->len);
  g_array_index (thread->mails, Mail, i).root = TRUE;
}

/* The root that @i leads to through In-Reply-To (its parents, at most
 * MAX_DEPTH of them), else through its References; memoised. */
gint
pcc_thread_find_root (PccThread *thread, guint i)
{
  g_return_val_if_fail (i < thread->mails->len, -1);
  Mail *mails = (Mail *) (void *) thread->mails->data;
  g_autoptr (GArray) path = g_array_new (FALSE, FALSE, sizeof (guint));
  gint result = -1;
  guint cur = i;
  gboolean cut = TRUE;

  for (guint depth = 0; depth <= PCC_THREAD_MAX_DEPTH; depth++)
    {
      Mail *m = &mails[cur];
      if (m->root)
        {
          result = (gint) cur;
          cut = FALSE;
          break;
        }
      if (m->anchor != -2)
        {
          result = m->anchor;
          cut = FALSE;
          break;
        }
      if (m->walking || depth == PCC_THREAD_MAX_DEPTH)
        break; /* a loop, or too deep: the walk says nothing */
      m->walking = TRUE;
      g_array_append_val (path, cur);
      gpointer v;
      if (!m->parent
          || !g_hash_table_lookup_extended (thread->by_id, m->parent, NULL,
                                            &v))
        {
          cut = FALSE; /* the top of the thread */
          break;
        }
      cur = GPOINTER_TO_UINT (v);
    }
  if (result < 0)
    {
      /* References name the thread's mails without the chain in
       * between: the nearest root among them. */
      Mail *m = &mails[i];
      for (guint r = m->refs->len; r-- > 0 && result < 0;)
        {
          gpointer v;
          if (g_hash_table_lookup_extended (thread->by_id, m->refs->pdata[r],
                                            NULL, &v)
              && mails[GPOINTER_TO_UINT (v)].root)
            result = (gint) GPOINTER_TO_UINT (v);
        }
    }
  for (guint k = 0; k < path->len; k++)
    {
      Mail *m = &mails[g_array_index (path, guint, k)];
      m->walking = FALSE;
      /* A walk cut short leaves the mails for another walk to decide. */
      if (m->anchor == -2 && (result >= 0 || !cut))
        m->anchor = result;
    }
  return result;
}
