import { describe, expect, it } from "vitest";
import { UNKNOWN_NETWORK, clientNetwork } from "#worker/lib/client-network.ts";

// The key of the counts per caller (ADR 0014, ADR 0024): an IPv4 address,
// or an IPv6 address's /64, whatever text form the address came in.

describe("clientNetwork", () => {
  it("keeps an IPv4 address whole", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("0.0.0.0")).toBe("0.0.0.0");
    expect(clientNetwork(" 198.51.100.255 ")).toBe("198.51.100.255");
  });

  it("gives every address of one IPv6 /64 the same network", () => {
    const network = "2001:db8:85a3:8d3::/64";
    for (const address of ["2001:db8:85a3:8d3:1319:8a2e:370:7348", "2001:0db8:85a3:08d3::1", "2001:DB8:85A3:8D3:ffff:ffff:ffff:ffff", "2001:db8:85a3:8d3::"]) {
      expect(clientNetwork(address), address).toBe(network);
    }
    expect(clientNetwork("2001:db8:85a3:8d4::1")).toBe("2001:db8:85a3:8d4::/64");
  });

  it("reads compressed forms wherever the :: stands", () => {
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("::")).toBe("0:0:0:0::/64");
    expect(clientNetwork("2001:db8::")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("2001::7:8")).toBe("2001:0:0:0::/64");
    expect(clientNetwork("1:2:3:4:5:6:7::")).toBe("1:2:3:4::/64");
    expect(clientNetwork("1:2:3::4:5:6:7")).toBe("1:2:3:0::/64");
  });

  it("takes an IPv4-mapped IPv6 address for the IPv4 address it carries", () => {
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(clientNetwork("0:0:0:0:0:ffff:198.51.100.1")).toBe("198.51.100.1");
    // Another IPv6 address with an IPv4 tail (NAT64) is an IPv6 client.
    expect(clientNetwork("64:ff9b::203.0.113.7")).toBe("64:ff9b:0:0::/64");
  });

  it("puts anything that is not an address in one shared network", () => {
    for (const garbage of [
      null,
      undefined,
      "",
      "unknown",
      "localhost",
      "256.1.1.1",
      "1.2.3",
      "1.2.3.4.5",
      "01.2.3.4",
      "1.2.3.-4",
      "2001:db8::1::2",
      "1:2:3:4:5:6:7:8:9",
      "1:2:3:4:5:6:7",
      "1:2:3:4:5:6:7:8::",
      ":1:2:3:4:5:6:7",
      "12345::1",
      "fe80::1%eth0",
      "[2001:db8::1]",
      "::ffff:203.0.113.256",
      "203.0.113.7, 198.51.100.1",
    ]) {
      expect(clientNetwork(garbage), String(garbage)).toBe(UNKNOWN_NETWORK);
    }
  });
});
