# Install spool into PREFIX exactly as the vcpkg port does: the configure options are read from
# cmake/vcpkg/ports/spool/portfile.cmake, so the port and this test cannot drift apart, and the
# result must have vcpkg's layout (the CMake package under share/spool).
file(READ "${SOURCE_DIR}/cmake/vcpkg/ports/spool/portfile.cmake" portfile)
string(REGEX MATCH "vcpkg_cmake_configure\\(([^)]*)\\)" configure_call "${portfile}")
string(REGEX MATCHALL "-D[A-Za-z_]+=[A-Za-z0-9_]+" port_options "${configure_call}")
if(NOT port_options)
  message(FATAL_ERROR "no -D options found in the portfile's vcpkg_cmake_configure call")
endif()

file(REMOVE_RECURSE "${BUILD_DIR}" "${PREFIX}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${BUILD_DIR}" -G "${GENERATOR}"
    ${port_options} -DCMAKE_INSTALL_PREFIX=${PREFIX}
  COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --build "${BUILD_DIR}" COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --install "${BUILD_DIR}" COMMAND_ERROR_IS_FATAL ANY)
foreach(installed
    include/spool/spool.hpp share/spool/spoolConfig.cmake share/spool/spoolConfigVersion.cmake
    share/spool/spoolTargets.cmake share/pkgconfig/spool.pc)
  if(NOT EXISTS "${PREFIX}/${installed}")
    message(FATAL_ERROR "install did not produce ${installed}")
  endif()
endforeach()
# A header-only port installs no binaries.
file(GLOB_RECURSE binaries "${PREFIX}/lib/*" "${PREFIX}/bin/*")
if(binaries)
  message(FATAL_ERROR "the install holds binaries: ${binaries}")
endif()
