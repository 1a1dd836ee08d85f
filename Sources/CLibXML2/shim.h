#ifndef CLIBXML2_SHIM_H
#define CLIBXML2_SHIM_H

#include <libxml/xmlversion.h>
/* libxml2 built with ICU pulls <unicode/*.h> into its headers, which clashes with Foundation's own ICU
   module. Nothing here uses libxml2's ICU converter structures, so its headers are read without them. */
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlmemory.h>
#include <libxml/xmlsave.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlschemastypes.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>

/* `xmlFree` and `xmlParserVersion` are macros in thread-enabled builds, which Swift cannot use. */
static inline void clibxml2_free(void *pointer) { xmlFree(pointer); }
static inline const char *clibxml2_runtime_version(void) { return xmlParserVersion; }

#endif
