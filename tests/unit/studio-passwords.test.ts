/**
 * Studio passwords: scrypt at OWASP's parameters in a self-describing format, re-hashed when
 * the parameters change, and the rules a new password must meet.
 */
import { CURRENT_PARAMS, hashPassword, parseHash, passwordProblem, verifyPassword } from "../../server/studio/auth/passwords.ts";

describe("password hashes", () => {
  test("are scrypt at N=2^17, r=8, p=1, naming their parameters, salted anew each time", async () => {
    expect(CURRENT_PARAMS).toEqual({ ln: 17, r: 8, p: 1 });
    const [a, b] = await Promise.all([hashPassword("correct horse battery"), hashPassword("correct horse battery")]);
    expect(a).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(a).not.toBe(b);
    expect(parseHash(a)?.params).toEqual(CURRENT_PARAMS);
  });

  test("verify the right password and no other", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", hash)).toEqual({ ok: true, rehash: false });
    expect(await verifyPassword("correct horse batterY", hash)).toEqual({ ok: false, rehash: false });
    expect(await verifyPassword("", hash)).toEqual({ ok: false, rehash: false });
  });

  test("made with older parameters still verify, and ask to be made again", async () => {
    const old = await hashPassword("correct horse battery", { ln: 14, r: 8, p: 1 });
    expect(old.startsWith("$scrypt$ln=14,r=8,p=1$")).toBe(true);
    expect(await verifyPassword("correct horse battery", old)).toEqual({ ok: true, rehash: true });
    // A wrong password never asks for a re-hash: nothing to hash it with.
    expect(await verifyPassword("wrong horse battery", old)).toEqual({ ok: false, rehash: false });
  });

  test("no hash, or one that is not ours, verifies nothing, taking as long as a real check", async () => {
    await verifyPassword("warm up the decoy", null); // the decoy hash is made once
    const real = await hashPassword("correct horse battery");
    const time = async (stored: string | null) => {
      const start = performance.now();
      await verifyPassword("correct horse battery", stored);
      return performance.now() - start;
    };
    const withHash = await time(real);
    const without = await time(null);
    expect(await verifyPassword("correct horse battery", null)).toEqual({ ok: false, rehash: false });
    expect(await verifyPassword("x", "md5$abc")).toEqual({ ok: false, rehash: false });
    // Same cost: within a factor of three either way on a busy machine (a skipped hash would be ~0 ms).
    expect(without).toBeGreaterThan(withHash / 3);
  });
});

const GUESSABLE = "This password would be guessed quickly: it is a common password, or one made of common words, years, runs like 12345 or repeats. Choose a few unrelated words instead.";

describe("a new password", () => {
  test.each([
    ["short1!", "The password has 7 characters; it needs at least 12."],
    ["elevenchars", "The password has 11 characters; it needs at least 12."],
    ["x".repeat(257), "The password has 257 characters; at most 256 are taken."],
  ])("%j is refused: %s", (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  // On the zxcvbn project's list of common passwords, or built from it the way people do, with
  // capitals, l33t letters, digits, years and repeats: fewer than 10^8 guesses (zxcvbn's score 3).
  test.each(["qwerty123456", "1QAZ2WSX3EDC", "password12345", "Password2024!", "P@ssw0rd1234", "iloveyou2026", "monkey123456", "Welcome12345", "aaaaaaaaaaaaaaaa", "abcabcabcabc", "baseballbaseball", "x".repeat(256)])(
    "%j would be guessed quickly and is refused",
    (password) => {
      expect(passwordProblem(password)).toBe(GUESSABLE);
    },
  );

  test("containing one's own address is refused", () => {
    expect(passwordProblem("asha.rao-2026!", "Asha.Rao@example.com")).toBe("The password contains your email address; choose one that does not.");
  });

  test.each(["correct horse battery", "Tulsi-Chai-at-4pm", "nine cats in a lift", "पासवर्ड-बहुत-लंबा", "kq7wzp4mxv2r", "summer2026 in Goa"])("%j is accepted", (password) => {
    expect(passwordProblem(password, "asha@example.com")).toBeUndefined();
  });

  test("characters are counted, not UTF-16 units", () => {
    expect(passwordProblem("🙂🌿🎈🚲📚🍵" + "kq7wzp")).toBeUndefined(); // 12 characters
    expect(passwordProblem("🙂🌿🎈🚲📚" + "kq7wzp")).toBe("The password has 11 characters; it needs at least 12.");
  });

  test("judging the longest password takes a moment, not seconds", () => {
    const started = performance.now();
    for (const password of ["x".repeat(256), "ab".repeat(128), "correct horse battery staple ".repeat(8).slice(0, 256)]) passwordProblem(password);
    expect(performance.now() - started).toBeLessThan(1500);
  });
});
