// The official clients' encryption package (dev dependency, for tests of encrypted data).
declare module '@anvilco/encryption' {
  const encryption: {
    encryptRSA(publicKey: string, message: string): string;
    decryptRSA(privateKey: string, message: string): string;
  };
  export default encryption;
}
