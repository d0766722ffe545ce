#include <spool/version.hpp>

#include <doctest/doctest.h>

#include <string>

TEST_CASE("the version macros match the CMake project version") {
  CHECK(SPOOL_VERSION_MAJOR == SPOOL_TEST_PROJECT_VERSION_MAJOR);
  CHECK(SPOOL_VERSION_MINOR == SPOOL_TEST_PROJECT_VERSION_MINOR);
  CHECK(SPOOL_VERSION_PATCH == SPOOL_TEST_PROJECT_VERSION_PATCH);
  CHECK(std::string(spool::version_string) == SPOOL_TEST_PROJECT_VERSION);
}
