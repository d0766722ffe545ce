# Settings for spool's own targets (tests, benchmarks, tool); never applied to consumers.

# Where the shared corpora live when this tree sits beside them (../shared/data). Tests and
# benchmarks read them from there and skip with a message when they are absent.
# The default is computed under another name: a plain variable called SPOOL_SHARED_DATA_DIR would
# hide a -DSPOOL_SHARED_DATA_DIR=... given on the command line.
get_filename_component(spool_default_shared_data_dir "${PROJECT_SOURCE_DIR}/../shared/data" ABSOLUTE)
set(SPOOL_SHARED_DATA_DIR "${spool_default_shared_data_dir}" CACHE PATH "Folder of the shared corpora")

add_library(spool_developer_flags INTERFACE)
target_compile_options(spool_developer_flags INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Werror>)
target_compile_definitions(spool_developer_flags INTERFACE
  SPOOL_SHARED_DATA_DIR="${SPOOL_SHARED_DATA_DIR}")

set(SPOOL_SANITIZE "" CACHE STRING "Sanitizers for spool's own targets: address,undefined | thread")
if(SPOOL_SANITIZE)
  target_compile_options(spool_developer_flags INTERFACE
    -fsanitize=${SPOOL_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all)
  target_link_options(spool_developer_flags INTERFACE -fsanitize=${SPOOL_SANITIZE})
endif()

# ccache makes the repeated builds of the presets cheap where it is installed.
find_program(SPOOL_CCACHE ccache)
if(SPOOL_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  set(CMAKE_CXX_COMPILER_LAUNCHER "${SPOOL_CCACHE}")
endif()
