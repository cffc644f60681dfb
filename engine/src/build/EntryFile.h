#pragma once
// A binary cache entry's file as the system gives it: looked for, or mapped read-only into memory.
// A warm build from a new process is timed against the driver's own binary load, and on that path
// every cost counts: reading an entry into fresh memory (a page fault per page, then a copy) cost
// a tenth of the driver's load, mapping it costs a few hundredths; and the first use in a process
// of std::filesystem's path and status code (its pages faulted in) cost more than the look-up
// itself, so names are the system's own strings. Private to the build room.
//
// A mapped file that another process shortens in place ends the reader with SIGBUS. The cache
// never rewrites an entry in place (a new entry is written to a temporary file and renamed over
// the old one; a removed entry is unlinked, and a mapping outlives its name), so that needs a
// process outside the workbench writing into the cache's folder while the entry is read. Windows
// neither removes nor replaces a mapped file: the cache drops its mapping before it removes a
// damaged entry, and a store that would replace an entry another process holds mapped fails and
// is reported like any failed write (the entry there is sound: same key, same program).
#include <filesystem>
#include <memory>
#include <span>

namespace clw::engine::detail {

class EntryFile {
public:
    using Name = std::filesystem::path::string_type; // the system's own: UTF-16 on Windows

    // Whether `name` is a regular file.
    static bool exists(const Name& name);
    // Records a use of the entry `name`: its modification time becomes now (the cache evicts
    // the least recently used), and a byte is appended to `name`.hits (its hit count, kept by
    // every process). Best effort: a read-only folder is no error.
    static void recordUse(const Name& name);
    // The whole file, or nullptr when it cannot be opened or mapped (a miss). An empty file maps
    // to no bytes.
    static std::shared_ptr<const EntryFile> map(const Name& name);
    ~EntryFile();
    EntryFile(const EntryFile&) = delete;
    EntryFile& operator=(const EntryFile&) = delete;

    std::span<const unsigned char> bytes() const noexcept { return {m_data, m_size}; }

private:
    EntryFile() = default;
    const unsigned char* m_data = nullptr;
    size_t m_size = 0;
#if defined(_WIN32)
    void* m_mapping = nullptr; // the file-mapping HANDLE
#endif
};

} // namespace clw::engine::detail
