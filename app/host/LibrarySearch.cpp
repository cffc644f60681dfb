#include "LibrarySearch.h"

#ifdef _WIN32
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>

#include <cstdio>
#endif

namespace clw::host {

void restrictLibrarySearch(LibrarySearch search) {
#ifdef _WIN32
    // Both exist since Windows 8 (Qt 6 needs 10). A failure leaves Windows' usual order: said,
    // and no reason to refuse to start.
    const BOOL restricted = search == LibrarySearch::InstallAndSystemFolders
                                ? SetDefaultDllDirectories(LOAD_LIBRARY_SEARCH_DEFAULT_DIRS)
                                : SetDllDirectoryW(L"");
    if (!restricted)
        std::fprintf(stderr,
                     "warning: DLLs may still be loaded from the current folder (Windows error "
                     "%lu)\n",
                     static_cast<unsigned long>(GetLastError()));
#else
    (void)search;
#endif
}

} // namespace clw::host
