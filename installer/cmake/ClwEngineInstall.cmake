# clw_engine as a library for other programs (issue 10): headers, the library, exported targets
# (clw::engine) and a version file, all in the install component "engine_dev", so that
# `find_package(clw_engine)` works from an install prefix (tests/installer/tst_consumer.cpp).
#
# The engine is installed as a STATIC library: its API is C++20 value types, templates and
# exceptions, with no ABI promise between versions or compilers, so a shared library would
# need symbol visibility, export macros on Windows and a SONAME policy for no gain; a static
# library (built position-independent) links into a consumer's program or shared library as is.
include(CMakePackageConfigHelpers)

set(CLW_ENGINE_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/clw_engine)

set_target_properties(clw_engine PROPERTIES EXPORT_NAME engine)
# clw_values (the OpenCL-free values and the device-host protocol) comes with it: the engine
# links it.
set_target_properties(clw_values PROPERTIES EXPORT_NAME values)
install(TARGETS clw_engine clw_values EXPORT clw_engineTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT engine_dev
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT engine_dev
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT engine_dev)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/engine/include/clw
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
        COMPONENT engine_dev
        FILES_MATCHING PATTERN "*.h")
install(EXPORT clw_engineTargets
        NAMESPACE clw::
        DESTINATION ${CLW_ENGINE_CMAKE_DIR}
        COMPONENT engine_dev)

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/clw_engineConfig.cmake.in
                              ${CMAKE_CURRENT_BINARY_DIR}/clw_engineConfig.cmake
                              INSTALL_DESTINATION ${CLW_ENGINE_CMAKE_DIR})
# Before 1.0 a minor release may change the API: only the same major.minor is compatible.
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/clw_engineConfigVersion.cmake
                                 VERSION ${PROJECT_VERSION}
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/clw_engineConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/clw_engineConfigVersion.cmake
        DESTINATION ${CLW_ENGINE_CMAKE_DIR}
        COMPONENT engine_dev)
