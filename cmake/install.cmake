# Install rules: headers, the exported spool::spool target, a package version file and a
# pkg-config file. spool is header-only, so everything goes to architecture-independent places
# (share/spool is where vcpkg expects the CMake package of a header-only port).
include(CMakePackageConfigHelpers)

set(SPOOL_INSTALL_CMAKEDIR "${CMAKE_INSTALL_DATADIR}/spool"
  CACHE STRING "Where spoolConfig.cmake is installed, relative to the prefix")

install(DIRECTORY "${PROJECT_SOURCE_DIR}/include/spool"
  DESTINATION "${CMAKE_INSTALL_INCLUDEDIR}")
install(TARGETS spool EXPORT spoolTargets)
install(EXPORT spoolTargets
  NAMESPACE spool::
  DESTINATION "${SPOOL_INSTALL_CMAKEDIR}")

configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/cmake/spoolConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/spoolConfig.cmake"
  INSTALL_DESTINATION "${SPOOL_INSTALL_CMAKEDIR}")
write_basic_package_version_file(
  "${PROJECT_BINARY_DIR}/spoolConfigVersion.cmake"
  COMPATIBILITY SameMajorVersion
  ARCH_INDEPENDENT)
install(FILES
  "${PROJECT_BINARY_DIR}/spoolConfig.cmake"
  "${PROJECT_BINARY_DIR}/spoolConfigVersion.cmake"
  DESTINATION "${SPOOL_INSTALL_CMAKEDIR}")

configure_file("${PROJECT_SOURCE_DIR}/cmake/spool.pc.in" "${PROJECT_BINARY_DIR}/spool.pc" @ONLY)
install(FILES "${PROJECT_BINARY_DIR}/spool.pc"
  DESTINATION "${CMAKE_INSTALL_DATADIR}/pkgconfig")
