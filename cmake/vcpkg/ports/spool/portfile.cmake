vcpkg_from_github(
  OUT_SOURCE_PATH SOURCE_PATH
  REPO spool-cpp/spool
  REF "v${VERSION}"
  # Filled in when a release is tagged: the SHA-512 of that tag's archive.
  SHA512 0
  HEAD_REF main
)

# tests/cmake/install_spool.cmake reads these options from this file and installs with them.
vcpkg_cmake_configure(
  SOURCE_PATH "${SOURCE_PATH}"
  OPTIONS
    -DSPOOL_BUILD_TESTS=OFF
    -DSPOOL_BUILD_BENCH=OFF
    -DSPOOL_BUILD_TOOLS=OFF
    -DSPOOL_INSTALL=ON
)
vcpkg_cmake_install()
vcpkg_cmake_config_fixup(CONFIG_PATH share/spool)

# Header-only: there is nothing for the debug tree.
file(REMOVE_RECURSE "${CURRENT_PACKAGES_DIR}/debug")

vcpkg_install_copyright(FILE_LIST "${SOURCE_PATH}/LICENSE")
file(INSTALL "${CMAKE_CURRENT_LIST_DIR}/usage" DESTINATION "${CURRENT_PACKAGES_DIR}/share/${PORT}")
