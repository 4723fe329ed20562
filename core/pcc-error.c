/* pcc-error.c - the libpatchcc GError domain. */
#include "pcc-error.h"

G_DEFINE_QUARK (pcc-error-quark, pcc_error)
