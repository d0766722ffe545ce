// The program every consumer project builds: it includes everything spool offers and uses it, so
// a consumer that compiles and runs proves the headers, include paths and C++20 settings arrive.
#include <spool/spool.hpp>

#include <cstdio>
#include <string>

int main() {
  std::string version = spool::version_string;
  if (version.empty()) return 1;
  std::printf("spool %s\n", spool::version_string);
  return 0;
}
