# The Windows installer (CPack NSIS). What it installs was made self-contained at install time
# (windeployqt, the OpenCL ICD loader and QScintilla DLLs: ClwApplicationInstall.cmake). It adds
# a Start menu entry, clworkbench on PATH for the command-line verbs, and the .clwb file type.
# Configured here, built by the CI workflow's Windows job, never on the Debian machines.
set(CPACK_PACKAGE_INSTALL_DIRECTORY "CL Workbench")
set(CPACK_PACKAGE_EXECUTABLES clworkbench "CL Workbench")
set(CPACK_NSIS_DISPLAY_NAME "CL Workbench ${PROJECT_VERSION}")
set(CPACK_NSIS_PACKAGE_NAME "CL Workbench")
set(CPACK_NSIS_ENABLE_UNINSTALL_BEFORE_INSTALL ON)
set(CPACK_NSIS_MODIFY_PATH ON)
if(CLW_ICON_DIR) # rendered by ClwIcons.cmake when the workbench is built
    set(CPACK_NSIS_MUI_ICON "${CLW_ICON_DIR}/clworkbench.ico")
    set(CPACK_NSIS_MUI_UNIICON "${CLW_ICON_DIR}/clworkbench.ico")
endif()
# CPACK_VERBATIM_VARIABLES (installer/CMakeLists.txt) hands these to the .nsi script as written.
set(CPACK_NSIS_INSTALLED_ICON_NAME "bin\\clworkbench.exe")

# .clwb sessions open in the workbench (the same type as the Linux MIME type and the macOS UTI);
# SHChangeNotify makes Explorer pick the association up without a logout.
set(clw_session_key "CLWorkbench.Session")
set(CPACK_NSIS_EXTRA_INSTALL_COMMANDS "
    WriteRegStr HKCR '.clwb' '' '${clw_session_key}'
    WriteRegStr HKCR '.clwb' 'Content Type' 'application/x-clworkbench-session'
    WriteRegStr HKCR '${clw_session_key}' '' 'CL Workbench session'
    WriteRegStr HKCR '${clw_session_key}\\DefaultIcon' '' '$INSTDIR\\bin\\clworkbench.exe,0'
    WriteRegStr HKCR '${clw_session_key}\\shell\\open\\command' '' '\"$INSTDIR\\bin\\clworkbench.exe\" \"%1\"'
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'")
set(CPACK_NSIS_EXTRA_UNINSTALL_COMMANDS "
    DeleteRegKey HKCR '${clw_session_key}'
    DeleteRegKey HKCR '.clwb'
    System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'")
