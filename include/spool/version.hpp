// spool's version, kept equal to the CMake project version (tests/version_test.cpp checks it).
//
//   #include <spool/version.hpp>
//   static_assert(SPOOL_VERSION >= 100);   // 0.1.0 and later
#pragma once

#define SPOOL_VERSION_MAJOR 0
#define SPOOL_VERSION_MINOR 1
#define SPOOL_VERSION_PATCH 0
// One number for comparisons: major * 10000 + minor * 100 + patch.
#define SPOOL_VERSION (SPOOL_VERSION_MAJOR * 10000 + SPOOL_VERSION_MINOR * 100 + SPOOL_VERSION_PATCH)

namespace spool {
inline constexpr int version_major = SPOOL_VERSION_MAJOR;
inline constexpr int version_minor = SPOOL_VERSION_MINOR;
inline constexpr int version_patch = SPOOL_VERSION_PATCH;
inline constexpr const char* version_string = "0.1.0";
}  // namespace spool
