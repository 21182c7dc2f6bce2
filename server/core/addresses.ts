import ipaddr from 'ipaddr.js';

/**
 * Address classification with ipaddr.js, which knows the special-purpose ranges of the IANA
 * registries (RFC 6890 and later), instead of a hand-kept list.
 */

/** Parses an IP literal (brackets and a zone id allowed); null when it is not one. */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/** IPv4-compatible (deprecated, `::a.b.c.d`): ipaddr.js calls ::7f00:1 plain unicast. */
function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  const parts = address.parts;
  return parts.slice(0, 6).every((p) => p === 0) && (parts[6] !== 0 || (parts[7] ?? 0) > 1);
}

/** The IPv4 address inside an IPv4-mapped or IPv4-compatible IPv6 address, if any. */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | null {
  if (address.isIPv4MappedAddress()) return address.toIPv4Address();
  if (isIpv4Compatible(address)) return ipaddr.fromByteArray(address.toByteArray().slice(12)) as ipaddr.IPv4;
  return null;
}

/**
 * True only for a globally routable unicast address. Everything special-purpose is refused:
 * loopback, private, link-local (cloud metadata), CGNAT, unique-local, multicast, documentation,
 * benchmarking, reserved, the unspecified address, and the IPv6 ranges that tunnel or translate
 * to IPv4 (NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo, IPv4-compatible), whose far end we cannot
 * vouch for. An IPv4-mapped address (::ffff:a.b.c.d) is judged by its IPv4 address.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().range() === 'unicast';
  if (isIpv4Compatible(v6)) return false;
  return v6.range() === 'unicast';
}

/** True for a loopback address (127.0.0.0/8, ::1, or IPv4 loopback inside IPv6). */
export function isLoopbackAddress(address: string): boolean {
  const parsed = parseAddress(address);
  if (!parsed) return false;
  if (parsed.kind() === 'ipv4') return parsed.range() === 'loopback';
  const v6 = parsed as ipaddr.IPv6;
  return v6.range() === 'loopback' || embeddedIpv4(v6)?.range() === 'loopback';
}

/** `localhost`, `*.localhost` (RFC 6761 keeps them on this machine) or a loopback literal. */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (name === 'localhost' || name.endsWith('.localhost')) return true;
  return isLoopbackAddress(name);
}

/** The network a client address is rate-limited as: an IPv4 address, or an IPv6 /64. */
export function addressKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return address;
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    // One subscriber usually holds a whole /64: keying by it stops rotating through its addresses.
    const prefix = v6.parts.slice(0, 4).map((p) => p.toString(16));
    return `${prefix.join(':')}::/64`;
  }
  return parsed.toString();
}
