/**
 * RFC 7914 section 12, the third example ("pleaseletmein" salted with "SodiumChloride", N=16384,
 * r=8, p=1, 64 bytes), written as passwords were stored before decision 031.
 */
export const RFC_7914_PASSWORD = 'pleaseletmein';

export const RFC_7914_SCRYPT_HASH = [
  'scrypt',
  16384,
  8,
  1,
  Buffer.from('SodiumChloride').toString('base64'),
  Buffer.from(
    '7023bdcb3afd7348461c06cd81fd38ebfda8fbba904f8e3ea9b543f6545da1f2' +
      'd5432955613f0fcf62d49705242a9af9e61e85dc0d651e40dfcf017b45575887',
    'hex',
  ).toString('base64'),
].join('$');
