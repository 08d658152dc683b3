export { signedContent } from './signed-content';
export { signV1, secretKey, SECRET_PREFIX } from './sign-v1';
export { signV1a, ed25519PrivateKey } from './sign-v1a';
export { signatureHeaders, type SigningKeys } from './signature-headers';
