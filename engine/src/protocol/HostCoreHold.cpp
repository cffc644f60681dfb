#include "clw/engine/protocol/HostCoreHold.h"

#if defined(__linux__)
#include <algorithm>
#include <cstdlib>
#include <cstring>

#include <dirent.h>
#include <pthread.h>
#include <sched.h>
#include <unistd.h>
#elif defined(_WIN32)
#ifndef NOMINMAX
#define NOMINMAX
#endif
#include <windows.h>
#endif

namespace clw::engine {

#if defined(__linux__)

namespace {

static_assert(sizeof(cpu_set_t) <= sizeof(std::array<std::uint64_t, 16>));

// The ids of this process's threads, sorted.
std::vector<long> processThreads() {
    std::vector<long> threads;
    if (DIR* tasks = ::opendir("/proc/self/task")) {
        while (const dirent* entry = ::readdir(tasks))
            if (entry->d_name[0] != '.')
                threads.push_back(std::strtol(entry->d_name, nullptr, 10));
        ::closedir(tasks);
    }
    std::sort(threads.begin(), threads.end());
    return threads;
}

} // namespace

void HostCoreHold::hold() {
    if (m_held)
        return;
    const int core = ::sched_getcpu();
    cpu_set_t before;
    if (core < 0 || core >= CPU_SETSIZE ||
        ::pthread_getaffinity_np(::pthread_self(), sizeof before, &before) != 0 ||
        CPU_COUNT(&before) <= 1)
        return;
    m_threadsBefore = processThreads();
    cpu_set_t here;
    CPU_ZERO(&here);
    CPU_SET(core, &here);
    if (::pthread_setaffinity_np(::pthread_self(), sizeof here, &here) != 0)
        return;
    std::memcpy(m_before.data(), &before, sizeof before);
    m_core = core;
    m_held = true;
}

void HostCoreHold::release() {
    if (!m_held)
        return;
    m_held = false;
    cpu_set_t before;
    std::memcpy(&before, m_before.data(), sizeof before);
    ::pthread_setaffinity_np(::pthread_self(), sizeof before, &before);
    // A driver may have started threads meanwhile (a CPU runtime's worker pool, made when a new
    // context is first used): they got this one core from the holder, and keep it unless given
    // back.
    const long self = ::gettid();
    for (const long thread : processThreads()) {
        if (thread == self ||
            std::binary_search(m_threadsBefore.begin(), m_threadsBefore.end(), thread))
            continue;
        cpu_set_t cores;
        if (::sched_getaffinity(pid_t(thread), sizeof cores, &cores) == 0 &&
            CPU_COUNT(&cores) == 1 && CPU_ISSET(m_core, &cores))
            ::sched_setaffinity(pid_t(thread), sizeof before, &before);
    }
    m_threadsBefore.clear();
}

#elif defined(_WIN32)

void HostCoreHold::hold() {
    if (m_held)
        return;
    const DWORD core = ::GetCurrentProcessorNumber(); // within the thread's processor group
    if (core >= 8 * sizeof(DWORD_PTR))
        return;
    const DWORD_PTR here = DWORD_PTR(1) << core;
    // A thread's cores are told only by setting them.
    const DWORD_PTR before = ::SetThreadAffinityMask(::GetCurrentThread(), here);
    if (before == 0 || before == here)
        return;
    m_before[0] = before;
    m_core = int(core);
    m_held = true;
}

void HostCoreHold::release() {
    if (!m_held)
        return;
    m_held = false;
    ::SetThreadAffinityMask(::GetCurrentThread(), DWORD_PTR(m_before[0]));
}

#else // macOS and the rest: no call keeps a thread on one core

void HostCoreHold::hold() {}

void HostCoreHold::release() {}

#endif

} // namespace clw::engine
