# clw_install_application(<target> [HELPERS <target>...]): installs the workbench executable
# (component "application") the way each system expects it, with the helper executables that it
# starts and finds beside itself (clworkbench-host: DeviceHosts::defaultProgram), called by
# app/CMakeLists.txt.
#
# - Linux: bin/clworkbench and its helpers, linked against the system's Qt, QScintilla,
#   libcrypto, protobuf and ICD loader, which the .deb declares as dependencies
#   (installer/cmake/ClwDebianPackage.cmake).
# - Windows: bin/clworkbench.exe and its helpers with every DLL they need beside them: the
#   non-system DLLs they link (QScintilla, the Khronos OpenCL ICD loader OpenCL.dll, libcrypto,
#   protobuf and Abseil, Qt) through a runtime dependency set, then windeployqt for Qt's plugins
#   (platforms, styles, image formats) and the compiler runtime.
# - macOS: clworkbench.app (Info.plist with the .clwb document type: installer/macos/), its
#   helpers in its Contents/MacOS beside it, made self-contained by macdeployqt (Qt frameworks,
#   QScintilla, plugins), which is told of the helpers too.
# windeployqt / macdeployqt run at install time, so `cmake --install` and cpack (NSIS,
# DragNDrop) both produce a tree that runs on a machine without Qt.
set(CLW_INSTALLER_DIR ${CMAKE_CURRENT_LIST_DIR}/..)

# The Qt tool next to qmake (windeployqt, macdeployqt), found the same way Qt's own scripts do.
function(clw_find_qt_tool variable name)
    set(hints "")
    if(TARGET Qt6::qmake)
        get_target_property(qmake Qt6::qmake IMPORTED_LOCATION)
        get_filename_component(qt_bin "${qmake}" DIRECTORY)
        list(APPEND hints "${qt_bin}")
    endif()
    if(QT6_INSTALL_PREFIX)
        list(APPEND hints "${QT6_INSTALL_PREFIX}/${QT6_INSTALL_BINS}")
    endif()
    find_program(${variable} ${name} HINTS ${hints})
    if(NOT ${variable})
        message(WARNING "${name} not found: the installed workbench will not carry Qt with it")
    endif()
endfunction()

function(clw_install_application target)
    cmake_parse_arguments(ARG "" "" "HELPERS" ${ARGN})
    if(APPLE)
        set_target_properties(${target} PROPERTIES
            MACOSX_BUNDLE ON
            MACOSX_BUNDLE_INFO_PLIST ${CLW_INSTALLER_DIR}/macos/Info.plist.in
            MACOSX_BUNDLE_BUNDLE_NAME "CL Workbench"
            MACOSX_BUNDLE_GUI_IDENTIFIER io.clworkbench.CLWorkbench
            MACOSX_BUNDLE_BUNDLE_VERSION ${PROJECT_VERSION}
            MACOSX_BUNDLE_SHORT_VERSION_STRING ${PROJECT_VERSION}
            MACOSX_BUNDLE_ICON_FILE clworkbench.icns)
    endif()
    # Windows keeps the console subsystem on purpose: the command-line verbs (devices, build,
    # ...) print to the console they were started from, which a WIN32 GUI executable cannot.

    set(dependency_set "")
    if(WIN32)
        set(dependency_set RUNTIME_DEPENDENCY_SET clw_application_dlls)
    endif()
    install(TARGETS ${target} ${dependency_set}
            RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT application
            BUNDLE DESTINATION . COMPONENT application)
    # Before macdeployqt, which rewrites their library references too.
    set(helper_dir ${CMAKE_INSTALL_BINDIR})
    if(APPLE)
        set(helper_dir "$<TARGET_FILE_NAME:${target}>.app/Contents/MacOS")
    endif()
    foreach(helper IN LISTS ARG_HELPERS)
        install(TARGETS ${helper} ${dependency_set}
                RUNTIME DESTINATION ${helper_dir} COMPONENT application)
    endforeach()

    if(WIN32)
        # Where the DLLs of what the workbench links live: the import libraries' ../bin.
        set(dll_dirs "")
        foreach(library IN ITEMS "${OpenCL_LIBRARY}" "${CLW_QSCINTILLA_LIBRARY}")
            if(library)
                get_filename_component(dir "${library}" DIRECTORY)
                list(APPEND dll_dirs "${dir}" "${dir}/../bin")
            endif()
        endforeach()
        # The ICD loader's DLL, which nothing links: the engine loads OpenCL.dll at run time
        # (runtime/ClSymbolLookupWindows.cpp), from System32 where a driver installed one, else
        # this copy beside the executable, so the dependency set never finds it. Found beside its
        # import library or in that folder's ../bin.
        if(OpenCL_LIBRARY)
            get_filename_component(dir "${OpenCL_LIBRARY}" DIRECTORY)
            find_file(CLW_OPENCL_DLL OpenCL.dll PATHS "${dir}" "${dir}/../bin" NO_DEFAULT_PATH)
            if(CLW_OPENCL_DLL)
                install(FILES "${CLW_OPENCL_DLL}" DESTINATION ${CMAKE_INSTALL_BINDIR}
                        COMPONENT application)
            endif()
        endif()
        # libcrypto's DLL: OpenSSL's include folder is a cache entry, seen from here, and its
        # ../bin holds the DLLs in vcpkg's and in the usual Windows installers' trees.
        if(OPENSSL_INCLUDE_DIR)
            list(APPEND dll_dirs "${OPENSSL_INCLUDE_DIR}/../bin")
        endif()
        # protobuf's DLL, where it is one (the device host's messages: engine/CMakeLists.txt),
        # and Abseil's, which protobuf 22 and later link: where its lite library (the DLL, or
        # its import library) and protoc lie, and that folder's ../bin, as vcpkg's and
        # protobuf's own installs lay them out. Both find modules (engine/CMakeLists.txt) make
        # these targets.
        foreach(protobuf_target IN ITEMS protobuf::libprotobuf-lite protobuf::protoc)
            if(TARGET ${protobuf_target})
                get_target_property(location ${protobuf_target} IMPORTED_LOCATION_RELEASE)
                if(NOT location)
                    get_target_property(location ${protobuf_target} IMPORTED_LOCATION)
                endif()
                if(location)
                    get_filename_component(dir "${location}" DIRECTORY)
                    list(APPEND dll_dirs "${dir}" "${dir}/../bin")
                endif()
            endif()
        endforeach()
        if(TARGET Qt6::qmake)
            get_target_property(qmake Qt6::qmake IMPORTED_LOCATION)
            get_filename_component(qt_bin "${qmake}" DIRECTORY)
            list(APPEND dll_dirs "${qt_bin}")
        endif()
        install(RUNTIME_DEPENDENCY_SET clw_application_dlls
                DESTINATION ${CMAKE_INSTALL_BINDIR}
                COMPONENT application
                DIRECTORIES ${dll_dirs}
                PRE_EXCLUDE_REGEXES "api-ms-.*" "ext-ms-.*"
                POST_EXCLUDE_REGEXES ".*[Ss]ystem32/.*\\.dll")

        clw_find_qt_tool(CLW_WINDEPLOYQT windeployqt)
        if(CLW_WINDEPLOYQT)
            install(CODE "
                set(exe \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/$<TARGET_FILE_NAME:${target}>\")
                message(STATUS \"windeployqt \${exe}\")
                execute_process(COMMAND \"${CLW_WINDEPLOYQT}\" --release --no-translations
                                        --compiler-runtime \"\${exe}\"
                                RESULT_VARIABLE result)
                if(result)
                    message(FATAL_ERROR \"windeployqt failed: \${result}\")
                endif()"
                COMPONENT application)
        endif()
    elseif(APPLE)
        clw_find_qt_tool(CLW_MACDEPLOYQT macdeployqt)
        set(helper_executables "")
        foreach(helper IN LISTS ARG_HELPERS)
            string(APPEND helper_executables
                   " \"-executable=\${bundle}/Contents/MacOS/$<TARGET_FILE_NAME:${helper}>\"")
        endforeach()
        if(CLW_MACDEPLOYQT)
            install(CODE "
                set(bundle \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/$<TARGET_FILE_NAME:${target}>.app\")
                message(STATUS \"macdeployqt \${bundle}\")
                execute_process(COMMAND \"${CLW_MACDEPLOYQT}\" \"\${bundle}\" -always-overwrite
                                        ${helper_executables}
                                RESULT_VARIABLE result)
                if(result)
                    message(FATAL_ERROR \"macdeployqt failed: \${result}\")
                endif()"
                COMPONENT application)
        endif()
    endif()
endfunction()
