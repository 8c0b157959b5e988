// Address classification (IPv4, IPv6, IPv4 inside IPv6) and the allowPrivate policy built on it.
import { describe, expect, it } from 'vitest';
import { classifyAddress, isPublicAddress } from '../../../src/resources/net/index.js';
import { createAddressPolicy } from '../../../src/resources/net/policy.js';
import { parseIp } from '../../../src/resources/net/address.js';

describe('classifyAddress: IPv4', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
  ])('%s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '172.15.255.255', '172.32.0.0', '100.63.255.255', '100.128.0.0', '169.253.0.1', '223.255.255.255', '11.0.0.1'])(
    '%s is public',
    (address) => {
      expect(classifyAddress(address)).toBe('public');
    },
  );
});

describe('classifyAddress: IPv6', () => {
  it.each([
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique-local'],
    ['fd12:3456:789a::1', 'unique-local'],
    ['ff02::1', 'multicast'],
    ['FF0E::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it.each(['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450::1', '2400:cb00::1'])('%s is public', (address) => {
    expect(classifyAddress(address)).toBe('public');
  });

  it('classifies IPv4-mapped, -compatible, -translated, NAT64 and 6to4 forms by the IPv4 inside', () => {
    expect(classifyAddress('::ffff:127.0.0.1')).toBe('loopback');
    expect(classifyAddress('::ffff:7f00:1')).toBe('loopback');
    expect(classifyAddress('::FFFF:10.0.0.1')).toBe('private');
    expect(classifyAddress('::ffff:a9fe:a9fe')).toBe('link-local');
    expect(classifyAddress('0:0:0:0:0:ffff:192.168.0.1')).toBe('private');
    expect(classifyAddress('::ffff:0:10.1.2.3')).toBe('private');
    expect(classifyAddress('::10.0.0.1')).toBe('private');
    expect(classifyAddress('64:ff9b::169.254.169.254')).toBe('link-local');
    expect(classifyAddress('2002:0a00:0001::1')).toBe('private');
    expect(classifyAddress('2002:7f00:1::')).toBe('loopback');
    expect(classifyAddress('::ffff:8.8.8.8')).toBe('public');
    expect(classifyAddress('64:ff9b::8.8.8.8')).toBe('public');
  });

  it('treats anything that is not an address as invalid, never public', () => {
    for (const text of ['', 'localhost', '256.0.0.1', '127.1', '0x7f.0.0.1', '1::2::3', 'fe80::1::', 'example.com']) {
      expect(classifyAddress(text), text).toBe('invalid');
    }
  });

  it('parses the eight groups of an IPv6 address', () => {
    expect(Array.from(parseIp('1:2:3:4:5:6:7:8')!)).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
    expect(Array.from(parseIp('::ffff:1.2.3.4')!.slice(10))).toEqual([0xff, 0xff, 1, 2, 3, 4]);
  });
});

describe('createAddressPolicy', () => {
  it('allows public addresses and refuses special ones by default', () => {
    const policy = createAddressPolicy();
    expect(policy.addressAllowed('example.com', '93.184.216.34')).toBe(true);
    expect(policy.addressAllowed('example.com', '127.0.0.1')).toBe(false);
    expect(policy.addressAllowed('example.com', '::ffff:10.0.0.1')).toBe(false);
    expect(policy.nameBlocked('localhost')).toBe(true);
    expect(policy.nameBlocked('LOCALHOST.')).toBe(true);
    expect(policy.nameBlocked('app.localhost')).toBe(true);
    expect(policy.nameBlocked('example.com')).toBe(false);
  });

  it('opens addresses, CIDR ranges (also through mapped forms) and host names', () => {
    const policy = createAddressPolicy(['127.0.0.1', '10.1.0.0/16', 'fd00::/8', 'Intranet.Example']);
    expect(policy.addressAllowed('a', '127.0.0.1')).toBe(true);
    expect(policy.addressAllowed('a', '::ffff:127.0.0.1')).toBe(true);
    expect(policy.addressAllowed('a', '127.0.0.2')).toBe(false);
    expect(policy.addressAllowed('a', '10.1.200.3')).toBe(true);
    expect(policy.addressAllowed('a', '10.2.0.1')).toBe(false);
    expect(policy.addressAllowed('a', 'fd00::5')).toBe(true);
    expect(policy.addressAllowed('a', 'fc00::5')).toBe(false);
    expect(policy.addressAllowed('intranet.example', '192.168.0.9')).toBe(true);
    expect(policy.addressAllowed('other.example', '192.168.0.9')).toBe(false);
    expect(policy.nameBlocked('localhost')).toBe(true);
    expect(createAddressPolicy(['localhost']).nameBlocked('localhost')).toBe(false);
  });
});
