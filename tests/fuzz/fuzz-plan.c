/* SPDX-License-Identifier: GPL-2.0-or-later */
/* fuzz-plan.c - libFuzzer target: the rewrite plan from typed headers and
 * a result.  Input lines: 1 the typed To:, 2 the typed Cc:, 3 an M: value
 * of the section that matches (a computed recipient, any bytes), the rest
 * the patch.  Whatever the bytes, the plan must keep its promises, or the
 * target aborts:
 *   - no final To/Cc address carries a control byte (CR, LF, NUL...);
 *   - what the review shows staying (KEEP, enabled ADD, disabled DROP) is
 *     exactly what is written, so no recipient appears unshown;
 *   - an address typed by the user is never gone unless shown as a DROP. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gstdio.h>
#include "pcc-email.h"
#include "pcc-plan.h"

static char *dir, *mfile;

static gboolean
in (char **list, const char *s)
{
  for (char **p = list; *p; p++)
    if (strcmp (*p, s) == 0)
      return TRUE;
  return FALSE;
}

static void
check (PccPlan *plan)
{
  char **f[2] = { pcc_plan_get_final (plan, PCC_FIELD_TO),
                  pcc_plan_get_final (plan, PCC_FIELD_CC) };
  guint shown = 0;
  for (guint i = 0; i < pcc_plan_get_n_changes (plan); i++)
    {
      const PccChange *c = pcc_plan_get_change (plan, i);
      gboolean stays
          = c->kind == PCC_CHANGE_KEEP
            || (c->kind == PCC_CHANGE_ADD && c->enabled && !c->blocked)
            || (c->kind == PCC_CHANGE_DROP && !c->enabled);
      if (stays != in (f[c->field == PCC_FIELD_CC], c->address))
        {
          fprintf (stderr, "change %u (%s) shown %s\n", i, c->address,
                   stays ? "staying, not written" : "going, written");
          abort ();
        }
      shown += stays;
      /* flip every ADD and DROP: the promise holds both ways */
      if (c->kind != PCC_CHANGE_KEEP)
        pcc_plan_set_enabled (plan, i, !c->enabled);
    }
  guint written = g_strv_length (f[0]) + g_strv_length (f[1]);
  for (guint k = 0; k < 2; k++)
    for (char **p = f[k]; *p; p++)
      if (pcc_email_has_control (*p) || **p == '\0')
        abort ();
  /* duplicates could hide an unshown address: count them too */
  if (written != shown)
    {
      fprintf (stderr, "%u written, %u shown\n", written, shown);
      abort ();
    }
  g_strfreev (f[0]);
  g_strfreev (f[1]);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("pcc-fuzz-plan-XXXXXX", NULL);
      mfile = g_build_filename (dir, "MAINTAINERS", NULL);
    }
  char *text = g_strndup ((const char *) data, size);
  char *l[3];
  char *p = text;
  for (int i = 0; i < 3; i++)
    {
      char *nl = strchr (p, '\n');
      if (nl == NULL)
        {
          g_free (text);
          return 0;
        }
      *nl = '\0';
      l[i] = p;
      p = nl + 1;
    }
  char *m
      = g_strdup_printf ("NET DRIVER\nM:\t%s\nR:\tRita Review <rita@x.org>\n"
                         "L:\tnetdev@x.org\nS:\tMaintained\nF:\tdrivers/\n"
                         "\nTHE REST\nM:\tLinus Torvalds "
                         "<torvalds@linux-foundation.org>\n"
                         "L:\tlinux-kernel@vger.kernel.org\nS:\tBuried "
                         "alive in reporters\nF:\t*\nF:\t*/\n",
                         l[2]);
  /* Without the fsync() of g_file_set_contents(), which took most of
   * the time of an input. */
  g_file_set_contents_full (mfile, m, -1, G_FILE_SET_CONTENTS_NONE, 0644,
                            NULL);
  g_free (m);
  PccTree *tree = pcc_tree_open_dir (dir, NULL);
  PccEngine *engine = tree ? pcc_engine_new (tree, NULL, TRUE, NULL) : NULL;
  PccPatch *patch = engine ? pcc_patch_new_from_data (
                        "fuzz", p, size - (p - text), 1 << 20, NULL)
                           : NULL;
  if (patch != NULL)
    {
      const char *to[] = { l[0], NULL }, *cc[] = { l[1], NULL };
      PccPlanOptions po;
      pcc_plan_options_init (&po);
      po.split = size & 1 ? PCC_SPLIT_B4 : PCC_SPLIT_ALL_CC;
      PccPlan *plan = pcc_plan_new (engine, &po, &patch, 1, to, cc, NULL);
      if (plan)
        {
          check (plan);
          check (plan); /* with every ADD and DROP flipped */
          g_free (pcc_plan_to_string (plan));
          pcc_plan_free (plan);
        }
      pcc_patch_free (patch);
    }
  if (engine)
    pcc_engine_free (engine);
  if (tree)
    pcc_tree_free (tree);
  g_free (text);
  return 0;
}
