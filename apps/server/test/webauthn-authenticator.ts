import crypto from 'node:crypto';

/*
 * A software WebAuthn authenticator for the API tests, written from the WebAuthn Level 3 data formats (not from
 * the server's library): it answers `navigator.credentials.create()` with a "none" attestation and `get()` with
 * a signature over authenticatorData ‖ SHA-256(clientDataJSON), with user presence and verification. ES256
 * (P-256 ECDSA) by default, or the post-quantum ML-DSA-44 (COSE key type AKP) that Node 24 offers first.
 * The browser tests use Chromium's own virtual authenticator instead.
 */

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');

/** The CBOR subset a credential needs: unsigned and negative integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
    const out = Buffer.alloc(5);
    out[0] = (major << 5) | 26;
    out.writeUInt32BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [key, item] of value) parts.push(cbor(key), cbor(item));
    return Buffer.concat(parts);
  }
  throw new Error(`cannot encode ${typeof value}`);
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  allowCredentials?: { id: string }[];
}

type Algorithm = 'ES256' | 'ML-DSA-44';

export class SoftwareAuthenticator {
  private readonly keys: crypto.KeyPairKeyObjectResult;
  readonly credentialId = crypto.randomBytes(32);
  private userHandle = '';
  counter = 0;

  constructor(
    private readonly origin: string,
    private readonly rpId = new URL(origin).hostname,
    private readonly algorithm: Algorithm = 'ES256',
  ) {
    this.keys = algorithm === 'ES256' ? crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' }) : crypto.generateKeyPairSync('ml-dsa-44');
  }

  /** The credential's public key as COSE: EC2 for ES256 (RFC 9053), AKP for ML-DSA (draft-ietf-cose-dilithium). */
  private coseKey(): Buffer {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    if (this.algorithm === 'ML-DSA-44') {
      return cbor(
        new Map<number, unknown>([
          [1, 7], // kty: AKP
          [3, -48], // alg: ML-DSA-44
          [-1, Buffer.from((jwk as { pub: string }).pub, 'base64url')],
        ]),
      );
    }
    return cbor(
      new Map<number, unknown>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authenticatorData(flags: number, attestedCredential?: Buffer): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    const rpIdHash = crypto.createHash('sha256').update(this.rpId).digest();
    return Buffer.concat([rpIdHash, Buffer.from([flags]), counter, ...(attestedCredential ? [attestedCredential] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The answer to `navigator.credentials.create()`: a new ES256 credential, attestation "none". */
  create(options: CreationOptions) {
    this.userHandle = options.user.id;
    const coseKey = this.coseKey();
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, coseKey]);
    // Flags: user present (0x01), user verified (0x04), attested credential data (0x40).
    const authData = this.authenticatorData(0x45, attested);
    const attestationObject = cbor(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)), attestationObject: b64url(attestationObject), transports: ['internal'] },
    };
  }

  /** The answer to `navigator.credentials.get()`: a signature with the next counter value. */
  get(options: RequestOptions) {
    this.counter += 1;
    const authData = this.authenticatorData(0x05);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signed = Buffer.concat([authData, crypto.createHash('sha256').update(clientDataJSON).digest()]);
    const signature = crypto.sign(this.algorithm === 'ES256' ? 'sha256' : null, signed, this.keys.privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }
}
