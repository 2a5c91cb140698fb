// rtnetlink for Connectivity's Linux path monitor: the kernel headers plus `static inline`
// wrappers for the NLMSG_*/RTA_*/IFA_*/IFLA_* macros, which Swift cannot import.
#ifndef CNETLINK_H
#define CNETLINK_H

#include <linux/netlink.h>
#include <linux/rtnetlink.h>
#include <linux/if.h>
#include <linux/if_addr.h>
#include <linux/if_link.h>
#include <sys/socket.h>

static inline unsigned int cnl_nlmsg_align(unsigned int length) { return NLMSG_ALIGN(length); }
static inline unsigned int cnl_nlmsg_hdrlen(void) { return NLMSG_HDRLEN; }
static inline unsigned int cnl_nlmsg_length(unsigned int payload) { return NLMSG_LENGTH(payload); }
static inline unsigned int cnl_rta_align(unsigned int length) { return RTA_ALIGN(length); }
static inline unsigned int cnl_rta_length(unsigned int payload) { return RTA_LENGTH(payload); }
static inline unsigned int cnl_ifinfomsg_size(void) { return NLMSG_ALIGN(sizeof(struct ifinfomsg)); }
static inline unsigned int cnl_ifaddrmsg_size(void) { return NLMSG_ALIGN(sizeof(struct ifaddrmsg)); }
static inline unsigned int cnl_rtmsg_size(void) { return NLMSG_ALIGN(sizeof(struct rtmsg)); }
static inline unsigned int cnl_rtgenmsg_size(void) { return NLMSG_ALIGN(sizeof(struct rtgenmsg)); }

static inline unsigned int cnl_groups_link_addr_route(void) {
    return RTMGRP_LINK | RTMGRP_IPV4_IFADDR | RTMGRP_IPV4_ROUTE | RTMGRP_IPV6_IFADDR | RTMGRP_IPV6_ROUTE;
}

#endif
