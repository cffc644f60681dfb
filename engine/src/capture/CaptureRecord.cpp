#include "clw/engine/capture/CaptureRecord.h"

#include <algorithm>
#include <fstream>
#include <stdexcept>

namespace clw::engine {

namespace {

std::vector<unsigned char> fromHex(const std::string& text) {
    std::vector<unsigned char> bytes;
    const auto digit = [](char c) { return c <= '9' ? c - '0' : c - 'a' + 10; };
    for (std::size_t i = 0; i + 1 < text.size(); i += 2)
        bytes.push_back(static_cast<unsigned char>(digit(text[i]) * 16 + digit(text[i + 1])));
    return bytes;
}

std::vector<std::uint64_t> sizes(const nlohmann::json& list) {
    std::vector<std::uint64_t> out;
    if (list.is_array())
        for (const auto& value : list)
            out.push_back(value.get<std::uint64_t>());
    return out;
}

std::vector<CapturedFileText> files(const nlohmann::json& list) {
    std::vector<CapturedFileText> out;
    if (list.is_array())
        for (const auto& file : list)
            out.push_back({file.at("name").get<std::string>(), file.at("text").get<std::string>()});
    return out;
}

} // namespace

CaptureRecord CaptureRecord::read(const std::filesystem::path& folder) {
    CaptureRecord record;
    record.m_folder = folder;
    std::ifstream file(folder / "capture.jsonl", std::ios::binary);
    if (!file)
        throw std::runtime_error("the capture's journal " + (folder / "capture.jsonl").string() +
                                 " is missing: the program made no OpenCL call through the "
                                 "capture layer");
    std::vector<std::string> lines;
    for (std::string line; std::getline(file, line);)
        lines.push_back(line);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        nlohmann::json line;
        try {
            line = nlohmann::json::parse(lines[i]);
            record.add(line);
        } catch (const std::exception& error) {
            if (i + 1 == lines.size())
                break; // written as the program crashed
            throw std::runtime_error("the capture's journal is damaged at line " +
                                     std::to_string(i + 1) + ": " + error.what());
        }
    }
    return record;
}

void CaptureRecord::add(const nlohmann::json& line) {
    const std::string type = line.at("type").get<std::string>();
    if (type == "start") {
        m_started = true;
    } else if (type == "end") {
        m_ended = true;
    } else if (type == "queue") {
        m_queueDevices[line.at("queue").get<std::uint64_t>()] = line.value("device", "");
    } else if (type == "program") {
        CapturedProgram& program = m_programs[line.at("program").get<std::uint64_t>()];
        program.id = line.at("program").get<std::uint64_t>();
        program.from = line.value("from", "source");
        if (line.contains("sources"))
            program.sources = line.at("sources").get<std::vector<std::string>>();
    } else if (type == "build" || type == "compile") {
        CapturedProgram& program = m_programs[line.at("program").get<std::uint64_t>()];
        program.options = line.value("options", "");
        program.headers = files(line.value("headers", nlohmann::json::array()));
        for (CapturedFileText& include : files(line.value("includes", nlohmann::json::array())))
            program.headers.push_back(std::move(include));
    } else if (type == "link") {
        CapturedProgram& program = m_programs[line.at("program").get<std::uint64_t>()];
        program.id = line.at("program").get<std::uint64_t>();
        program.from = "link";
        program.linkedFrom = sizes(line.at("inputs"));
        program.options = line.value("options", "");
    } else if (type == "kernel") {
        const std::string name = line.at("name").get<std::string>();
        if (std::find(m_kernelNames.begin(), m_kernelNames.end(), name) == m_kernelNames.end())
            m_kernelNames.push_back(name);
    } else if (type == "mem") {
        CapturedMemory memory;
        memory.id = line.at("mem").get<std::uint64_t>();
        memory.kind = line.at("kind").get<std::string>();
        memory.size = line.value("size", std::uint64_t(0));
        memory.flags = line.value("flags", std::uint64_t(0));
        memory.parent = line.value("parent", std::uint64_t(0));
        memory.origin = line.value("origin", std::uint64_t(0));
        memory.imageType = line.value("imageType", 0u);
        memory.channelOrder = line.value("channelOrder", 0u);
        memory.channelType = line.value("channelType", 0u);
        memory.elementSize = line.value("elementSize", std::uint64_t(0));
        if (line.contains("region"))
            for (int i = 0; i < 3; ++i)
                memory.region[i] = line.at("region").at(i).get<std::uint64_t>();
        m_memory[memory.id] = memory;
    } else if (type == "sampler") {
        m_samplers[line.at("sampler").get<std::uint64_t>()] = {line.value("normalized", false),
                                                               line.value("addressing", 0u),
                                                               line.value("filter", 0u)};
    } else if (type == "skipped") {
        m_skipped.push_back({line.at("launch").get<std::uint64_t>(), line.value("name", ""),
                             line.value("reason", "")});
    } else if (type == "launch") {
        CapturedLaunchRecord launch;
        launch.number = line.at("launch").get<std::uint64_t>();
        launch.program = line.value("program", std::uint64_t(0));
        launch.kernel = line.at("name").get<std::string>();
        launch.device = line.value("device", "");
        launch.platform = line.value("platform", "");
        launch.global = sizes(line.at("global"));
        launch.local = sizes(line.value("local", nlohmann::json()));
        launch.offset = sizes(line.value("offset", nlohmann::json()));
        for (const auto& argument : line.at("arguments")) {
            CapturedLaunchArgument out;
            const std::string kind = argument.at("kind").get<std::string>();
            if (kind == "mem") {
                out.kind = CapturedLaunchArgument::Kind::Memory;
                out.object = argument.at("mem").get<std::uint64_t>();
            } else if (kind == "sampler") {
                out.kind = CapturedLaunchArgument::Kind::Sampler;
                out.object = argument.at("sampler").get<std::uint64_t>();
            } else if (kind == "novalue") {
                out.kind = CapturedLaunchArgument::Kind::NoValue;
                out.size = argument.at("size").get<std::uint64_t>();
            } else {
                out.bytes = fromHex(argument.at("hex").get<std::string>());
            }
            launch.arguments.push_back(std::move(out));
        }
        for (const auto& [object, names] : line.at("data").items())
            launch.data[std::stoull(object)] = {names.value("before", ""),
                                                names.value("after", "")};
        launch.afterProblem = line.value("afterProblem", "");
        m_launches.push_back(std::move(launch));
    }
}

std::filesystem::path CaptureRecord::dataFile(const std::string& name) const {
    return m_folder / "data" / (name + ".bin");
}

const CapturedProgram* CaptureRecord::program(std::uint64_t id) const {
    const auto found = m_programs.find(id);
    return found == m_programs.end() ? nullptr : &found->second;
}

const CapturedMemory* CaptureRecord::memory(std::uint64_t id) const {
    const auto found = m_memory.find(id);
    return found == m_memory.end() ? nullptr : &found->second;
}

const CapturedSampler* CaptureRecord::sampler(std::uint64_t id) const {
    const auto found = m_samplers.find(id);
    return found == m_samplers.end() ? nullptr : &found->second;
}

} // namespace clw::engine
