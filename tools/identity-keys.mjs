// Prints a fresh Ed25519 key pair for the gateway's identity assertions, in
// the env form the processes read (single-line base64 DER). Give the private
// key to the gateway only; every service gets the public key.
import { generateKeyPairSync } from 'node:crypto';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
process.stdout.write(
  `IDENTITY_PRIVATE_KEY=${privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64')}\n` +
    `IDENTITY_PUBLIC_KEY=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}\n`,
);
