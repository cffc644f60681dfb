#include "clw/engine/capture/ChromeTrace.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <set>
#include <stdexcept>
#include <string_view>

namespace clw::engine {

// A line as the layer writes it, read without a JSON library (a trace holds millions): a flat
// object whose members are non-negative integers, strings without escapes or one list of
// integers. Anything else is left to nlohmann, which says what is wrong.
struct TraceJournalLine {
    struct Member {
        std::string_view key;
        std::string_view text; // a string's characters
        std::uint64_t number = 0;
        std::vector<std::uint64_t> list;
        enum class Kind { Number, Text, List } kind = Kind::Number;
    };
    std::vector<Member> members;

    const Member* find(std::string_view key) const {
        for (const Member& member : members)
            if (member.key == key)
                return &member;
        return nullptr;
    }

    static bool read(std::string_view line, TraceJournalLine& out) {
        std::size_t at = 0;
        const auto skip = [&] {
            while (at < line.size() && (line[at] == ' ' || line[at] == '\t' || line[at] == '\r'))
                ++at;
        };
        const auto take = [&](char c) {
            skip();
            if (at < line.size() && line[at] == c) {
                ++at;
                return true;
            }
            return false;
        };
        const auto string = [&](std::string_view& into) {
            if (!take('"'))
                return false;
            const std::size_t end = line.find_first_of("\"\\", at);
            if (end == std::string_view::npos || line[end] != '"')
                return false;
            into = line.substr(at, end - at);
            at = end + 1;
            return true;
        };
        const auto number = [&](std::uint64_t& into) {
            skip();
            const char* begin = line.data() + at;
            const auto [end, error] = std::from_chars(begin, line.data() + line.size(), into);
            if (error != std::errc() || end == begin)
                return false;
            at += std::size_t(end - begin);
            return true;
        };
        out.members.clear();
        if (!take('{'))
            return false;
        do {
            Member member;
            if (!string(member.key) || !take(':'))
                return false;
            skip();
            if (at < line.size() && line[at] == '"') {
                member.kind = Member::Kind::Text;
                if (!string(member.text))
                    return false;
            } else if (take('[')) {
                member.kind = Member::Kind::List;
                do {
                    std::uint64_t value = 0;
                    if (!number(value))
                        return false;
                    member.list.push_back(value);
                } while (take(','));
                if (!take(']'))
                    return false;
            } else if (!number(member.number)) {
                return false;
            }
            out.members.push_back(std::move(member));
        } while (take(','));
        if (!take('}'))
            return false;
        skip();
        return at == line.size();
    }
};

namespace {

using Json = nlohmann::json;

constexpr int kHostPid = 1;
constexpr int kDevicePid = 2;

// The journal's times, counts and ids are non-negative integers, which nlohmann reads as unsigned.
std::uint64_t count(const Json& line, const char* key) {
    const auto found = line.find(key);
    if (found == line.end() || !found->is_number_unsigned())
        throw std::invalid_argument(std::string("\"") + key +
                                    "\" is missing or not a non-negative integer");
    return found->get<std::uint64_t>();
}

std::uint64_t optionalCount(const Json& line, const char* key) {
    return line.contains(key) ? count(line, key) : 0;
}

// The trace's JSON written as text, an event a line: a trace of millions of calls is written
// in seconds, where building nlohmann's document of it first took several times as long.
class TraceText {
public:
    TraceText() { m_text = "{\"displayTimeUnit\":\"ns\",\"traceEvents\":[\n"; }

    void metadata(const char* what, int pid, std::uint64_t tid, const std::string& name) {
        begin();
        m_text += "{\"ph\":\"M\",\"name\":";
        quoted(what);
        m_text += ",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) +
                  ",\"args\":{\"name\":";
        quoted(name);
        m_text += "}}";
    }
    // An "X" event from `start` (ns from the trace's start) lasting `duration` ns; its args follow.
    void beginSpan(const char* category, const std::string& name, int pid, std::uint64_t tid,
                   std::uint64_t start, std::uint64_t duration) {
        begin();
        m_text += "{\"ph\":\"X\",\"cat\":\"";
        m_text += category;
        m_text += "\",\"name\":";
        quoted(name);
        m_text +=
            ",\"pid\":" + std::to_string(pid) + ",\"tid\":" + std::to_string(tid) + ",\"ts\":";
        micros(start);
        m_text += ",\"dur\":";
        micros(duration);
        m_text += ",\"args\":{";
        m_firstArg = true;
    }
    void stringArg(const char* key, const std::string& value) {
        argKey(key);
        quoted(value);
    }
    void integerArg(const char* key, std::int64_t value) {
        argKey(key);
        m_text += std::to_string(value);
    }
    void microsArg(const char* key, std::uint64_t nanoseconds) {
        argKey(key);
        micros(nanoseconds);
    }
    void endSpan() { m_text += "}}"; }
    std::string finish() {
        m_text += "\n]}\n";
        return std::move(m_text);
    }

private:
    void begin() {
        if (!m_firstEvent)
            m_text += ",\n";
        m_firstEvent = false;
    }
    void argKey(const char* key) {
        if (!m_firstArg)
            m_text += ',';
        m_firstArg = false;
        m_text += '"';
        m_text += key;
        m_text += "\":";
    }
    // Nanoseconds (a difference taken modulo 2^64) as Chrome's microseconds, exactly: "31.500".
    void micros(std::uint64_t nanoseconds) {
        const std::int64_t signedNs = static_cast<std::int64_t>(nanoseconds);
        const std::uint64_t magnitude =
            signedNs < 0 ? std::uint64_t(0) - nanoseconds : std::uint64_t(signedNs);
        char text[32];
        std::snprintf(text, sizeof text, "%s%llu.%03llu", signedNs < 0 ? "-" : "",
                      static_cast<unsigned long long>(magnitude / 1000),
                      static_cast<unsigned long long>(magnitude % 1000));
        m_text += text;
    }
    void quoted(std::string_view value) {
        m_text += '"';
        for (const char c : value) {
            if (c == '"' || c == '\\') {
                m_text += '\\';
                m_text += c;
            } else if (static_cast<unsigned char>(c) < 0x20) {
                char escape[8];
                std::snprintf(escape, sizeof escape, "\\u%04x",
                              unsigned(static_cast<unsigned char>(c)));
                m_text += escape;
            } else {
                m_text += c;
            }
        }
        m_text += '"';
    }

    std::string m_text;
    bool m_firstEvent = true;
    bool m_firstArg = true;
};

bool isLaunch(const std::string& call) {
    return call == "clEnqueueNDRangeKernel" || call == "clEnqueueTask";
}

// "clEnqueueReadBuffer" -> "ReadBuffer": the track already says it is a command.
std::string commandName(const std::string& call) {
    constexpr std::string_view kPrefix = "clEnqueue";
    return call.starts_with(kPrefix) ? call.substr(kPrefix.size()) : call;
}

bool blank(std::string_view line) {
    return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

} // namespace

ChromeTrace ChromeTrace::fromJournal(const std::string& text,
                                     const std::map<std::uint64_t, std::string>& queueDevices) {
    std::vector<std::string_view> lines;
    for (std::size_t at = 0; at < text.size();) {
        const std::size_t end = std::min(text.find('\n', at), text.size());
        lines.emplace_back(text.data() + at, end - at);
        at = end + 1;
    }
    std::size_t last = lines.size();
    while (last > 0 && blank(lines[last - 1]))
        --last;

    ChromeTrace trace;
    trace.m_queueDevices = queueDevices;
    for (std::size_t i = 0; i < last; ++i) {
        if (blank(lines[i]))
            continue;
        if (TraceJournalLine flat; TraceJournalLine::read(lines[i], flat) && trace.addFlat(flat))
            continue;
        const std::string where = "trace.jsonl line " + std::to_string(i + 1) + ": ";
        const Json line = Json::parse(lines[i].begin(), lines[i].end(), nullptr, false);
        if (line.is_discarded()) {
            // The layer writes the trace in blocks: a crash can cut the last one short, and no
            // cut-short object parses. Anywhere else it is damage.
            if (i + 1 == last)
                break;
            throw std::runtime_error(where + "not JSON");
        }
        try {
            trace.add(line);
        } catch (const std::exception& error) {
            throw std::runtime_error(where + error.what());
        }
    }
    // Threads' lines interleave and a block can land late: order by start, keeping the journal's
    // order for calls that started in the same nanosecond.
    std::stable_sort(trace.m_calls.begin(), trace.m_calls.end(),
                     [](const Call& a, const Call& b) { return a.start < b.start; });
    trace.summarize();
    return trace;
}

bool ChromeTrace::addFlat(const TraceJournalLine& line) {
    using Kind = TraceJournalLine::Member::Kind;
    const auto numberOf = [&](std::string_view key, std::uint64_t& into, bool required) {
        const TraceJournalLine::Member* member = line.find(key);
        if (!member)
            return !required;
        into = member->number;
        return member->kind == Kind::Number;
    };
    if (const TraceJournalLine::Member* name = line.find("c")) {
        Call call;
        if (name->kind != Kind::Text || !numberOf("t", call.start, true) ||
            !numberOf("d", call.duration, true) || !numberOf("th", call.thread, true) ||
            !numberOf("q", call.queue, false) || !numberOf("e", call.event, false))
            return false;
        call.name = std::string(name->text);
        if (const TraceJournalLine::Member* kernel = line.find("k")) {
            if (kernel->kind != Kind::Text)
                return false;
            call.kernel = std::string(kernel->text);
            call.hasKernel = true;
        }
        m_calls.push_back(std::move(call));
        return true;
    }
    // A command's times; one that failed ("status", maybe negative) goes the slow way.
    const TraceJournalLine::Member* times = line.find("s");
    std::uint64_t sequence = 0;
    if (!times || times->kind != Kind::List || times->list.size() != 4 ||
        !numberOf("ev", sequence, true) || m_events.contains(sequence))
        return false;
    EventTimes event;
    std::copy(times->list.begin(), times->list.end(), event.at);
    event.timed = true;
    m_events.emplace(sequence, event);
    return true;
}

void ChromeTrace::add(const nlohmann::json& line) {
    if (!line.is_object())
        throw std::invalid_argument("not a JSON object");
    if (line.contains("c")) {
        Call call;
        if (!line.at("c").is_string())
            throw std::invalid_argument("\"c\" is not a call's name");
        call.name = line.at("c").get<std::string>();
        call.start = count(line, "t");
        call.duration = count(line, "d");
        call.thread = count(line, "th");
        call.queue = optionalCount(line, "q");
        call.event = optionalCount(line, "e");
        if (line.contains("k")) {
            if (!line.at("k").is_string())
                throw std::invalid_argument("\"k\" is not a kernel's name");
            call.kernel = line.at("k").get<std::string>();
            call.hasKernel = true;
        }
        m_calls.push_back(std::move(call));
        return;
    }
    if (!line.contains("ev"))
        throw std::invalid_argument("neither a call (\"c\") nor a command's times (\"ev\")");
    const std::uint64_t sequence = count(line, "ev");
    EventTimes times;
    if (line.contains("s")) {
        const Json& list = line.at("s");
        if (!list.is_array() || list.size() != 4)
            throw std::invalid_argument("\"s\" is not the 4 times queued, submit, start, end");
        for (std::size_t i = 0; i < 4; ++i) {
            if (!list[i].is_number_unsigned())
                throw std::invalid_argument("\"s\" holds a time that is no non-negative integer");
            times.at[i] = list[i].get<std::uint64_t>();
        }
        times.timed = true;
    } else if (line.contains("status") && line.at("status").is_number_integer()) {
        times.status = line.at("status").get<std::int64_t>();
    } else {
        throw std::invalid_argument("a command's line has neither times (\"s\") nor \"status\"");
    }
    if (!m_events.emplace(sequence, times).second)
        throw std::invalid_argument("command " + std::to_string(sequence) + " appears twice");
}

void ChromeTrace::summarize() {
    m_summary.calls = m_calls.size();
    for (const Call& call : m_calls) {
        const auto times = m_events.find(call.event);
        const bool timed = call.event && times != m_events.end() && times->second.timed;
        const std::uint64_t* at = timed ? times->second.at : nullptr;
        const std::uint64_t deviceNs = at && at[3] > at[2] ? at[3] - at[2] : 0;
        if (isLaunch(call.name)) {
            m_summary.launches.push_back(call.kernel);
            m_summary.launchDeviceNs.push_back(deviceNs);
        }
        if (call.hasKernel && timed)
            m_summary.kernelDeviceNs[call.kernel] += deviceNs;
    }
}

std::map<std::uint64_t, std::uint64_t> ChromeTrace::queueOffsets() const {
    // One offset a queue, from its first timed command: its QUEUED time is taken to be the
    // moment its enqueue call started. The two clocks drift little over a program's run, while
    // matching every command to its own call would let host jitter reorder the device's work.
    std::map<std::uint64_t, std::pair<std::uint64_t, std::uint64_t>> first; // sequence, offset
    if (m_calls.empty())
        return {};
    const std::uint64_t origin = m_calls.front().start;
    for (const Call& call : m_calls) {
        const auto times = m_events.find(call.event);
        if (!call.queue || !call.event || times == m_events.end() || !times->second.timed)
            continue;
        const auto known = first.find(call.queue);
        if (known == first.end() || call.event < known->second.first)
            first[call.queue] = {call.event, call.start - origin - times->second.at[0]};
    }
    std::map<std::uint64_t, std::uint64_t> offsets;
    for (const auto& [queue, chosen] : first)
        offsets[queue] = chosen.second;
    return offsets;
}

nlohmann::json ChromeTrace::json() const {
    return Json::parse(text());
}

std::string ChromeTrace::text() const {
    TraceText out;
    out.metadata("process_name", kHostPid, 0, "Program (host)");
    std::set<std::uint64_t> threads;
    for (const Call& call : m_calls)
        threads.insert(call.thread);
    for (const std::uint64_t thread : threads)
        out.metadata("thread_name", kHostPid, thread, "Thread " + std::to_string(thread));
    const std::map<std::uint64_t, std::uint64_t> offsets = queueOffsets();
    if (!offsets.empty())
        out.metadata("process_name", kDevicePid, 0, "Device queues");
    for (const auto& [queue, offset] : offsets) {
        const auto device = m_queueDevices.find(queue);
        std::string name = "Queue " + std::to_string(queue);
        if (device != m_queueDevices.end() && !device->second.empty())
            name += " (" + device->second + ")";
        out.metadata("thread_name", kDevicePid, queue, name);
    }

    const std::uint64_t origin = m_calls.empty() ? 0 : m_calls.front().start;
    for (const Call& call : m_calls) {
        const auto times = m_events.find(call.event);
        const bool known = call.event && times != m_events.end();
        out.beginSpan("api", call.name, kHostPid, call.thread, call.start - origin, call.duration);
        if (call.hasKernel)
            out.stringArg("kernel", call.kernel);
        if (call.queue)
            out.integerArg("queue", std::int64_t(call.queue));
        if (known && !times->second.timed)
            out.integerArg("status", times->second.status); // it failed, or had no times
        out.endSpan();
        if (!known || !times->second.timed || !offsets.contains(call.queue))
            continue;
        const std::uint64_t offset = offsets.at(call.queue);
        const std::uint64_t* at = times->second.at;
        out.beginSpan("device", call.hasKernel ? call.kernel : commandName(call.name), kDevicePid,
                      call.queue, at[2] + offset, at[3] > at[2] ? at[3] - at[2] : 0);
        out.microsArg("queued_us", at[0] + offset);
        out.microsArg("submit_us", at[1] + offset);
        out.stringArg("call", call.name);
        out.endSpan();
    }
    return out.finish();
}

} // namespace clw::engine
