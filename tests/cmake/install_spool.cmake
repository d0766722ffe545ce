# Configure, build and install spool with the arguments a package manager uses, into PREFIX.
file(REMOVE_RECURSE "${BUILD_DIR}" "${PREFIX}")
execute_process(
  COMMAND ${CMAKE_COMMAND} -S "${SOURCE_DIR}" -B "${BUILD_DIR}" -G "${GENERATOR}"
    -DSPOOL_BUILD_TESTS=OFF -DSPOOL_BUILD_BENCH=OFF -DSPOOL_BUILD_TOOLS=OFF
    -DCMAKE_INSTALL_PREFIX=${PREFIX}
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
