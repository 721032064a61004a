#pragma once
// Whether this test binary is built with AddressSanitizer: its shadow memory reserves more address
// space than any RLIMIT_AS a test sets, so such a limit is left out there.

namespace roce::test {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kAddressSanitizer = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
inline constexpr bool kAddressSanitizer = true;
#else
inline constexpr bool kAddressSanitizer = false;
#endif
#else
inline constexpr bool kAddressSanitizer = false;
#endif

}  // namespace roce::test
