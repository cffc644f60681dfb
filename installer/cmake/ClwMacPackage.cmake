# The macOS disk image (CPack DragNDrop): clworkbench.app, made self-contained by macdeployqt at
# install time (ClwApplicationInstall.cmake), beside a link to /Applications. The bundle's
# Info.plist (installer/macos/Info.plist.in) declares the .clwb document type. Configured here,
# built by the CI workflow's macOS job, never on the Debian machines.
set(CPACK_DMG_VOLUME_NAME "CL Workbench ${PROJECT_VERSION}")
set(CPACK_DMG_FORMAT UDZO)
set(CPACK_DMG_SLA_USE_RESOURCE_FILE_LICENSE OFF)
if(CLW_ICON_DIR) # rendered by ClwIcons.cmake when the workbench is built
    set(CPACK_PACKAGE_ICON "${CLW_ICON_DIR}/clworkbench.icns")
endif()
# A disk image holds the application alone: the engine's headers and library are for
# developers, who build the engine from source (or the tarball) on macOS.
set(CPACK_COMPONENTS_ALL application)
