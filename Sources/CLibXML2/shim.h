#include <libxml/xmlversion.h>
// libxml2 is built with ICU on Debian; its headers would then pull in the system's ICU, whose
// types clash with the copy inside Foundation in any module that sees both. We never touch
// the ICU-only members, so hide them.
#undef LIBXML_ICU_ENABLED
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/tree.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
