/**
 * A minimal writer of MaxMind DB (.mmdb) files, following the published "MaxMind DB File Format Specification"
 * 2.0: a binary search tree over the 128 address bits (24-bit records, IPv4 under ::/96), 16 zero bytes, the data
 * section, then the metadata marker and metadata map. Tests build their own small country databases with it, so
 * the real reader library is tested against a file made to the specification, not against our own reader.
 */
import net from 'node:net';

type MmdbValue = string | number | bigint | boolean | MmdbValue[] | { [key: string]: MmdbValue };

export interface MmdbNetwork {
  /** A CIDR range: `203.0.113.0/24` or `2001:db8::/32`. */
  network: string;
  data: { [key: string]: MmdbValue };
}

const recordSize = 24;
const metadataMarker = Buffer.from([0xab, 0xcd, 0xef, ...Buffer.from('MaxMind.com')]);

/** The control bytes of a field: type in the top 3 bits (extended types in a second byte), then its size. */
function control(type: number, size: number): Buffer {
  const typeBits = type <= 7 ? type << 5 : 0;
  const extended = type > 7 ? [type - 7] : [];
  if (size < 29) return Buffer.from([typeBits | size, ...extended]);
  if (size < 285) return Buffer.from([typeBits | 29, ...extended, size - 29]);
  if (size < 65_821) {
    const rest = size - 285;
    return Buffer.from([typeBits | 30, ...extended, rest >> 8, rest & 0xff]);
  }
  const rest = size - 65_821;
  return Buffer.from([typeBits | 31, ...extended, (rest >> 16) & 0xff, (rest >> 8) & 0xff, rest & 0xff]);
}

/** An unsigned integer in as few big-endian bytes as it needs (none for zero). */
function unsignedBytes(value: bigint): Buffer {
  const bytes: number[] = [];
  for (let rest = value; rest > 0n; rest >>= 8n) bytes.unshift(Number(rest & 0xffn));
  return Buffer.from(bytes);
}

function encode(value: MmdbValue): Buffer {
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([control(2, text.length), text]);
  }
  if (typeof value === 'boolean') return control(14, value ? 1 : 0);
  if (typeof value === 'number' || typeof value === 'bigint') {
    const number = BigInt(value);
    // uint16 (5), uint32 (6), uint64 (extended 9).
    const type = number <= 0xffffn ? 5 : number <= 0xffff_ffffn ? 6 : 9;
    const bytes = unsignedBytes(number);
    return Buffer.concat([control(type, bytes.length), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([control(11, value.length), ...value.map(encode)]);
  const entries = Object.entries(value);
  return Buffer.concat([control(7, entries.length), ...entries.flatMap(([key, item]) => [encode(key), encode(item)])]);
}

/** The 128 bits of an address as 16 bytes (IPv4 as `::a.b.c.d`, where IPv4 lives in an IPv6 tree). */
function addressBytes(address: string): Buffer {
  const bytes = Buffer.alloc(16);
  if (net.isIPv4(address)) {
    Buffer.from(address.split('.').map(Number)).copy(bytes, 12);
    return bytes;
  }
  if (!net.isIPv6(address)) throw new Error(`not an address: ${address}`);
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => parseInt(group, 16)));
  const headGroups = groups(head);
  const tailGroups = tail === undefined ? [] : groups(tail);
  const all = [...headGroups, ...new Array<number>(8 - headGroups.length - tailGroups.length).fill(0), ...tailGroups];
  all.forEach((group, index) => bytes.writeUInt16BE(group, index * 2));
  return bytes;
}

interface TreeNode {
  children: [TreeNode | number | null, TreeNode | number | null];
}

/** Builds an IPv6 .mmdb file (24-bit records) holding each network's data. */
export function buildMmdb(networks: MmdbNetwork[], databaseType = 'Test-Country'): Buffer {
  const dataParts: Buffer[] = [];
  let dataLength = 0;
  const root: TreeNode = { children: [null, null] };

  for (const { network, data } of networks) {
    const [address = '', prefixText] = network.split('/');
    const isV4 = net.isIPv4(address);
    const prefix = Number(prefixText ?? (isV4 ? 32 : 128)) + (isV4 ? 96 : 0);
    const bytes = addressBytes(address);
    const dataOffset = dataLength;
    const encoded = encode(data);
    dataParts.push(encoded);
    dataLength += encoded.length;

    let node = root;
    for (let bit = 0; bit < prefix; bit++) {
      const side = (((bytes[bit >> 3] ?? 0) >> (7 - (bit & 7))) & 1) as 0 | 1;
      if (bit === prefix - 1) {
        node.children[side] = dataOffset;
        break;
      }
      const next = node.children[side];
      if (next === null || typeof next === 'number') {
        const child: TreeNode = { children: [next, next] };
        node.children[side] = child;
        node = child;
      } else {
        node = next;
      }
    }
  }

  // Nodes are numbered breadth first from the root (node 0).
  const nodes: TreeNode[] = [root];
  for (let index = 0; index < nodes.length; index++) {
    for (const child of nodes[index]!.children) if (child !== null && typeof child !== 'number') nodes.push(child);
  }
  const numberOf = new Map(nodes.map((node, index) => [node, index]));
  const nodeCount = nodes.length;
  // A record: a node's number, nodeCount for "no data", or nodeCount + 16 + the offset in the data section.
  const recordOf = (child: TreeNode | number | null) =>
    child === null ? nodeCount : typeof child === 'number' ? nodeCount + 16 + child : numberOf.get(child)!;

  const tree = Buffer.alloc(nodeCount * ((recordSize * 2) / 8));
  nodes.forEach((node, index) => {
    tree.writeUIntBE(recordOf(node.children[0]), index * 6, 3);
    tree.writeUIntBE(recordOf(node.children[1]), index * 6 + 3, 3);
  });

  const metadata = encode({
    node_count: nodeCount,
    record_size: recordSize,
    ip_version: 6,
    database_type: databaseType,
    languages: ['en'],
    binary_format_major_version: 2,
    binary_format_minor_version: 0,
    build_epoch: BigInt(Math.floor(Date.parse('2026-01-01T00:00:00Z') / 1000)),
    description: { en: 'Test database' },
  });

  return Buffer.concat([tree, Buffer.alloc(16), ...dataParts, metadataMarker, metadata]);
}

/** A country record as GeoLite2-Country and DB-IP's country lite database hold it. */
export function countryRecord(isoCode: string, name: string): { [key: string]: MmdbValue } {
  return { country: { iso_code: isoCode, names: { en: name } } };
}
