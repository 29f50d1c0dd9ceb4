// The client network a request comes from, the key of every count per
// caller (ADR 0014, ADR 0024): an IPv4 address as it is, an IPv6 address as
// its /64. One home line or phone holds a whole IPv6 /64 and may use any
// address in it, so counting single IPv6 addresses would give one caller
// 2^64 keys.

/** Anything that is not an address: all such callers share one count. */
export const UNKNOWN_NETWORK = "unknown";

/** The network of an address as CF-Connecting-IP gives it: "203.0.113.7", or "2001:db8:0:1::/64". */
export function clientNetwork(address: string | null | undefined): string {
  const text = (address ?? "").trim();
  const ipv4 = parseIpv4(text);
  if (ipv4) return ipv4.join(".");
  const ipv6 = parseIpv6(text);
  if (!ipv6) return UNKNOWN_NETWORK;
  // ::ffff:a.b.c.d is an IPv4 client seen through an IPv6 socket: the IPv4 address is its network.
  if (ipv6.slice(0, 5).every((group) => group === 0) && ipv6[5] === 0xffff) {
    return [ipv6[6]! >> 8, ipv6[6]! & 0xff, ipv6[7]! >> 8, ipv6[7]! & 0xff].join(".");
  }
  return `${ipv6
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** Four decimal octets; a leading zero is refused (some readers take it for octal). */
function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length !== 4 || !parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part))) return null;
  const octets = parts.map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/** Eight 16-bit groups from any RFC 4291 text form: "::" once at most, a dotted IPv4 tail. */
function parseIpv6(text: string): number[] | null {
  if (!/^[0-9A-Fa-f:.]+$/.test(text)) return null;
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = groupsOf(halves[0] ?? "");
  const tail = halves.length === 2 ? groupsOf(halves[1] ?? "") : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
}

/** The groups of one side of "::"; a dotted IPv4 address may end it and counts as two. */
function groupsOf(side: string): number[] | null {
  if (side === "") return [];
  const parts = side.split(":");
  const groups: number[] = [];
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1 && part.includes(".")) {
      const ipv4 = parseIpv4(part);
      if (!ipv4) return null;
      groups.push((ipv4[0]! << 8) | ipv4[1]!, (ipv4[2]! << 8) | ipv4[3]!);
    } else if (/^[0-9A-Fa-f]{1,4}$/.test(part)) {
      groups.push(parseInt(part, 16));
    } else {
      return null;
    }
  }
  return groups;
}
