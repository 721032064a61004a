#pragma once
// The kernel's netlink and dcbnl UAPI as this code base uses it: the system's <linux/...> headers,
// plus the few constants newer than the oldest headers it builds against (Debian 12:
// linux-libc-dev 6.1), each defined only where the system's header lacks it, with the kernel
// version that added it. Include this instead of <linux/dcbnl.h>.
#include <linux/dcbnl.h>
#include <linux/genetlink.h>
#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/version.h>

// Linux 6.2 ("net: dcb: add new pcp selector to app object"): the non-IEEE PCP selector of
// struct dcb_app.
#ifndef DCB_APP_SEL_PCP
#define DCB_APP_SEL_PCP 255
#endif

// Enumerators are not macros, so #ifndef cannot see them: these follow the version of the
// headers (after they are included, so that a header with the enumerator is never rewritten).
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
// Linux 6.2 ("net: dcb: add new apptrust attribute"): enum ieee_attrs, enum ieee_attrs_app.
#define DCB_ATTR_DCB_APP_TRUST_TABLE 11  // the trusted selectors, most trusted first
#define DCB_ATTR_DCB_APP 2               // an APP entry or selector of a non-IEEE selector (PCP)
#endif
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
// Linux 6.3 ("net: dcb: add new rewrite table"): enum ieee_attrs.
#define DCB_ATTR_DCB_REWR_TABLE 12
#endif
