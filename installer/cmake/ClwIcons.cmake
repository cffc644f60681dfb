# Every icon comes from one drawing, CLW_ICON_SVG (ClwPackageNames.cmake), rendered at build
# time by clw_icongen (installer/icongen, Qt SVG): the freedesktop hicolor PNGs on Linux, the
# .ico the Windows executable and installer carry, the .icns of the macOS bundle. Target
# clw_icons; CLW_ICON_DIR holds the results.
set(CLW_ICON_NAME ${CLW_APP_ID})
set(CLW_ICON_DIR ${CMAKE_CURRENT_BINARY_DIR}/icons)

find_package(Qt6 6.2 COMPONENTS Gui Svg)
if(NOT TARGET Qt6::Svg)
    message(WARNING "Qt 6 SVG not found (Debian: qt6-svg-dev): packages will carry no icons")
    add_custom_target(clw_icons) # still there for what depends on it (tests/installer)
    return()
endif()

add_executable(clw_icongen ${CMAKE_CURRENT_LIST_DIR}/../icongen/main.cpp)
target_link_libraries(clw_icongen PRIVATE Qt6::Gui Qt6::Svg)
target_compile_definitions(clw_icongen PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_FOREACH)

set(icon_outputs "")
set(icon_arguments "")
if(UNIX AND NOT APPLE)
    list(JOIN CLW_ICON_SIZES "," sizes)
    list(APPEND icon_arguments --hicolor ${CLW_ICON_DIR}/hicolor --sizes ${sizes})
    foreach(size IN LISTS CLW_ICON_SIZES)
        list(APPEND icon_outputs ${CLW_ICON_DIR}/hicolor/${size}x${size}/apps/${CLW_ICON_NAME}.png)
    endforeach()
endif()
if(WIN32)
    list(APPEND icon_arguments --ico ${CLW_ICON_DIR}/clworkbench.ico)
    list(APPEND icon_outputs ${CLW_ICON_DIR}/clworkbench.ico)
endif()
set(icon_commands COMMAND clw_icongen ${CLW_ICON_SVG} ${CLW_ICON_NAME} ${icon_arguments})
if(APPLE)
    list(APPEND icon_commands
         COMMAND clw_icongen ${CLW_ICON_SVG} ${CLW_ICON_NAME}
                 --iconset ${CLW_ICON_DIR}/clworkbench.iconset
         COMMAND iconutil -c icns -o ${CLW_ICON_DIR}/clworkbench.icns
                 ${CLW_ICON_DIR}/clworkbench.iconset)
    list(APPEND icon_outputs ${CLW_ICON_DIR}/clworkbench.icns)
endif()

add_custom_command(OUTPUT ${icon_outputs}
                   ${icon_commands}
                   DEPENDS clw_icongen ${CLW_ICON_SVG}
                   COMMENT "Rendering the icons from ${CLW_ICON_NAME}.svg"
                   VERBATIM)
add_custom_target(clw_icons ALL DEPENDS ${icon_outputs})

if(UNIX AND NOT APPLE)
    install(DIRECTORY ${CLW_ICON_DIR}/hicolor
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons
            COMPONENT application)
    install(FILES ${CLW_ICON_SVG}
            DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps
            COMPONENT application)
endif()

if(TARGET clworkbench AND WIN32)
    # The icon Explorer shows for clworkbench.exe (and, through it, for .clwb files).
    file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/clworkbench_icon.rc
         "IDI_ICON1 ICON \"${CLW_ICON_DIR}/clworkbench.ico\"\n")
    target_sources(clworkbench PRIVATE ${CMAKE_CURRENT_BINARY_DIR}/clworkbench_icon.rc)
    add_dependencies(clworkbench clw_icons)
endif()
if(TARGET clworkbench AND APPLE)
    # Info.plist names clworkbench.icns (MACOSX_BUNDLE_ICON_FILE) for the app and .clwb files.
    install(FILES ${CLW_ICON_DIR}/clworkbench.icns
            DESTINATION clworkbench.app/Contents/Resources
            COMPONENT application)
endif()
