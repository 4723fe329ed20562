/* SPDX-License-Identifier: GPL-2.0-or-later */
/* pcc-policy.h - the names of the choices every front end offers.
 *
 * The CLI's options, the cover command's options, clawsrc keys and the
 * settings form all spell the same three choices.  This is their one
 * home: the enums, and the only conversions between them and their
 * names.  Names are compared without regard to ASCII case.
 *
 * The *_to_string() functions return static strings (never free them);
 * the *_from_string() functions return FALSE for NULL or an unknown
 * name and leave @out untouched.  pcc_policy_names() gives the accepted
 * names for an error message ("fallback, public or always").
 */
#ifndef PCC_POLICY_H
#define PCC_POLICY_H

#include <glib.h>

G_BEGIN_DECLS

/* When THE REST (LKML and Linus) is kept for a file. */
typedef enum
{
  /* THE REST only when no other section matching the file has an L:
   * list (the posted change to the script) */
  PCC_REST_FALLBACK,
  /* the same, but only lists that are not subscribers-only count */
  PCC_REST_PUBLIC,
  /* THE REST always applies (the unpatched script) */
  PCC_REST_ALWAYS,
} PccRestRule;

/* How computed recipients are split between To: and Cc:. */
typedef enum
{
  PCC_SPLIT_B4,     /* To: maintainers and reviewers; Cc: lists */
  PCC_SPLIT_ALL_CC, /* everything in Cc: (To: keeps what was typed) */
} PccSplit;

/* What the mail client does when a patch mail is sent. */
typedef enum
{
  PCC_ON_SEND_OFF,     /* nothing */
  PCC_ON_SEND_ASK,     /* show the review when the plan changes To/Cc */
  PCC_ON_SEND_REWRITE, /* apply the plan without asking */
} PccOnSend;

/* "fallback", "public", "always"; "seed", the first name of "fallback",
 * is still accepted (not listed, never written back). */
gboolean pcc_rest_rule_from_string (const char *s, PccRestRule *out);
const char *pcc_rest_rule_to_string (PccRestRule v);

/* "b4", "cc" (also accepted: "all-cc"). */
gboolean pcc_split_from_string (const char *s, PccSplit *out);
const char *pcc_split_to_string (PccSplit v);

/* "off", "ask", "rewrite". */
gboolean pcc_on_send_from_string (const char *s, PccOnSend *out);
const char *pcc_on_send_to_string (PccOnSend v);

typedef enum
{
  PCC_POLICY_REST_RULE,
  PCC_POLICY_SPLIT,
  PCC_POLICY_ON_SEND,
} PccPolicy;

/* The accepted names of @policy for messages, e.g. "fallback, public or
 * always".  Static; never free it. */
const char *pcc_policy_names (PccPolicy policy);

G_END_DECLS

#endif /* PCC_POLICY_H */
