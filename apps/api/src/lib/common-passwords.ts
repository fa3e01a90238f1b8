/**
 * The most used passwords of 8+ characters (from public breach top lists), plus Portuguese ones.
 * Refused at sign-up and on every password change (ASVS 6.2.11).
 */
export const COMMON_PASSWORDS = new Set(
  `12345678 123456789 1234567890 password password1 password123 passw0rd qwertyui qwerty123 qwertyuiop
  11111111 00000000 87654321 12341234 11223344 iloveyou1 abc12345 abcd1234 1q2w3e4r 1qaz2wsx zaq12wsx
  sunshine princess football baseball welcome1 welcome123 superman trustno1 letmein1 whatever dragon12
  starwars computer michelle jennifer master123 monkey123 shadow12 liverpool chelsea1 arsenal1 benfica1
  benfica123 sporting porto123 portugal portugal1 portugal123 lisboa123 palavrapasse senha123 senha1234
  minhasenha mudar123 alterar123 12345678a a1234567 aa123456 asdfghjk asdfasdf zxcvbnm1 q1w2e3r4 123qweasd
  admin123 administrator changeme test1234 testtest 123123123 987654321 147258369 159753456 qazwsxedc
  tecnicocerto tecnico123 eletricista canalizador`
    .split(/\s+/)
    .filter(Boolean),
);
