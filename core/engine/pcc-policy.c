/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-policy.c - names of the rest rule, the split and the on-send mode. */
#include "pcc-policy.h"

typedef struct
{
  const char *name;
  int value;
} Name;

/* The first name of a value is the one written back. */
static const Name rest_rules[] = {
  { "fallback", PCC_REST_FALLBACK },
  { "public", PCC_REST_PUBLIC },
  { "always", PCC_REST_ALWAYS },
  { "seed", PCC_REST_FALLBACK }, /* its first name; not listed */
  { NULL, 0 },
};

static const Name splits[] = {
  { "b4", PCC_SPLIT_B4 },
  { "cc", PCC_SPLIT_ALL_CC },
  { "all-cc", PCC_SPLIT_ALL_CC },
  { NULL, 0 },
};

static const Name on_sends[] = {
  { "ask", PCC_ON_SEND_ASK },
  { "rewrite", PCC_ON_SEND_REWRITE },
  { "off", PCC_ON_SEND_OFF },
  { NULL, 0 },
};

static gboolean
lookup (const Name *names, const char *s, int *out)
{
  if (s == NULL)
    return FALSE;
  for (const Name *n = names; n->name != NULL; n++)
    if (g_ascii_strcasecmp (n->name, s) == 0)
      {
        *out = n->value;
        return TRUE;
      }
  return FALSE;
}

static const char *
name_of (const Name *names, int value)
{
  for (const Name *n = names; n->name != NULL; n++)
    if (n->value == value)
      return n->name;
  return names[0].name;
}

gboolean
pcc_rest_rule_from_string (const char *s, PccRestRule *out)
{
  int v;
  if (!lookup (rest_rules, s, &v))
    return FALSE;
  *out = (PccRestRule) v;
  return TRUE;
}

const char *
pcc_rest_rule_to_string (PccRestRule v)
{
  return name_of (rest_rules, v);
}

gboolean
pcc_split_from_string (const char *s, PccSplit *out)
{
  int v;
  if (!lookup (splits, s, &v))
    return FALSE;
  *out = (PccSplit) v;
  return TRUE;
}

const char *
pcc_split_to_string (PccSplit v)
{
  return name_of (splits, v);
}

gboolean
pcc_on_send_from_string (const char *s, PccOnSend *out)
{
  int v;
  if (!lookup (on_sends, s, &v))
    return FALSE;
  *out = (PccOnSend) v;
  return TRUE;
}

const char *
pcc_on_send_to_string (PccOnSend v)
{
  return name_of (on_sends, v);
}

const char *
pcc_policy_names (PccPolicy policy)
{
  switch (policy)
    {
      case PCC_POLICY_SPLIT:
        return "b4 or cc (all-cc)";
      case PCC_POLICY_ON_SEND:
        return "ask, rewrite or off";
      case PCC_POLICY_REST_RULE:
      default:
        return "fallback, public or always";
    }
}
