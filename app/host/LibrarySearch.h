#pragma once
// Where Windows may look for a DLL that a process of the workbench loads by name after start-up
// (Qt's plugins and what they link, the DLLs a driver loads): by default the current folder and
// PATH too, so that a DLL of a wanted name planted in the folder the workbench was started from
// would run inside it. Both executables call this first thing in main(); elsewhere it does
// nothing (the dynamic linkers of Linux and macOS never search the current folder). The OpenCL
// library itself is opened by the engine from the system's folder (ClSymbolLookupWindows.cpp).

namespace clw::host {

enum class LibrarySearch {
    // The GUI, which loads no driver (DESIGN.md §2a): the install folder and System32 only.
    InstallAndSystemFolders,
    // The device host and the command-line verbs, which load OpenCL drivers: Windows' usual
    // order without the current folder. PATH stays: some drivers' installers put the folder of
    // the DLLs their driver loads by name on PATH (Intel's CPU runtime), and PATH is the
    // person's and the administrator's own setting, as LD_LIBRARY_PATH is on Linux.
    WithoutCurrentFolder,
};

// Restricts this process's DLL search as `search` says; call it before anything loads a DLL.
void restrictLibrarySearch(LibrarySearch search);

} // namespace clw::host
