#pragma once
// What clearFirstArgCaches() sees of every FirstArgMemo (the seeds' clear_first_arg_caches):
// a cache it can empty. The list of live caches is guarded by one lock, so a cache is never
// cleared while it is being built or destroyed.

namespace clw::engine {

class FirstArgCache {
public:
    FirstArgCache(const FirstArgCache&) = delete;
    FirstArgCache& operator=(const FirstArgCache&) = delete;

    // Drops every remembered result and the objects the cache holds. Thread-safe.
    virtual void clear() = 0;

protected:
    FirstArgCache() = default;
    ~FirstArgCache() = default;
    // A cache enrolls at the end of its constructor and withdraws first thing in its destructor:
    // between the two it is whole.
    void enroll();
    void withdraw() noexcept;
};

// Empties every first-argument cache of the process and releases the contexts, devices and
// queues they hold, so that a context can be freed. Thread-safe; results computed after it are
// computed anew.
void clearFirstArgCaches();

} // namespace clw::engine
