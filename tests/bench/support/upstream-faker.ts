// The few `@faker-js/faker` calls auth-js's test helpers make, so the upstream-suites bench needs no extra package.
import { randomBytes } from 'node:crypto';

function alphanumeric(length: number): string {
  return randomBytes(length * 2).toString('base64').replace(/[^A-Za-z0-9]/g, '').slice(0, length).padEnd(length, 'x');
}

export const faker = {
  internet: {
    email: () => `${alphanumeric(10)}@${alphanumeric(6)}.example.com`,
    password: () => `${alphanumeric(14)}aA1`,
    domainName: () => `${alphanumeric(8).toLowerCase()}.example.com`,
  },
  string: { alphanumeric },
  image: {
    url: () => `https://example.com/${alphanumeric(8)}.png`,
    avatarGitHub: () => `https://avatars.githubusercontent.com/u/${randomBytes(3).readUIntBE(0, 3)}`,
  },
};
