# What makes the workbench part of a Linux desktop (freedesktop.org): the desktop entry, the
# MIME type of .clwb sessions (so that they open in the workbench), the AppStream metainfo
# software centres read, and the man page. The icons come from ClwIcons.cmake. The sources live
# in resources/linux/; tests/installer/tst_desktopfiles.cpp validates them.
set(CLW_LINUX_DIR ${PROJECT_SOURCE_DIR}/resources/linux)

install(FILES ${CLW_LINUX_DIR}/${CLW_APP_ID}.desktop
        DESTINATION ${CMAKE_INSTALL_DATADIR}/applications
        COMPONENT application)
install(FILES ${CLW_LINUX_DIR}/${CLW_APP_ID}.mime.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/mime/packages
        RENAME ${CLW_APP_ID}.xml
        COMPONENT application)
install(FILES ${CLW_LINUX_DIR}/${CLW_APP_ID}.metainfo.xml
        DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo
        COMPONENT application)

# The man page carries the project's version; Debian installs man pages compressed (gzip -9n:
# no name or time stamp, so the package is reproducible).
set(man_page ${CMAKE_CURRENT_BINARY_DIR}/clworkbench.1)
configure_file(${CLW_LINUX_DIR}/clworkbench.1.in ${man_page} @ONLY)
find_program(CLW_GZIP gzip)
if(CLW_GZIP)
    set(man_gz ${CMAKE_CURRENT_BINARY_DIR}/clworkbench.1.gz)
    add_custom_command(OUTPUT ${man_gz}
                       COMMAND ${CLW_GZIP} -9n -c ${man_page} > ${man_gz}
                       DEPENDS ${man_page}
                       COMMENT "Compressing the man page")
    set(man_page ${man_gz})
endif()
add_custom_target(clw_man_page ALL DEPENDS ${man_page})
install(FILES ${man_page}
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1
        COMPONENT application)
