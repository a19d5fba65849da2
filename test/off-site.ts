// Ways out of the shop a redirect parameter can be spelled: the ones that got through when the
// discount door checked the raw string and redirected to the resolved path, and the spellings
// browsers normalise. test/unit/shop-redirect.test.ts asks the rule, test/worker/door-attacks.test.ts the Worker.
export const OFF_SITE = [
  '/.//evil.example',
  '/..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/x/../..//evil.example',
  '/.///evil.example',
  '/product/../..//evil.example',
  '/%2e%2e//evil.example/phish',
  '/./%2e//evil.example',
  '//evil.example',
  '/\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '\\\\evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
  '/.\\/evil.example',
  'evil.example',
]
