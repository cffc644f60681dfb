#include "RunRecord.h"

#include <QStringList>

#include <algorithm>

namespace clw::ui {

double RunRecord::minNs() const {
    return kernelNs.empty() ? 0 : *std::min_element(kernelNs.begin(), kernelNs.end());
}

double RunRecord::medianNs() const {
    if (kernelNs.empty())
        return 0;
    std::vector<double> sorted = kernelNs;
    std::sort(sorted.begin(), sorted.end());
    const size_t mid = sorted.size() / 2;
    return sorted.size() % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

double RunRecord::maxNs() const {
    return kernelNs.empty() ? 0 : *std::max_element(kernelNs.begin(), kernelNs.end());
}

void RunRecord::setOutput(const std::vector<engine::PrintedLine>& lines) {
    output.clear();
    outputWorkItems.clear();
    for (int i = 0; i < int(lines.size()); ++i) {
        const engine::PrintedLine& line = lines[size_t(i)];
        output += QString::fromStdString(line.text);
        output += QLatin1Char('\n');
        if (line.workItem)
            outputWorkItems.emplace_back(i, *line.workItem);
    }
}

void RunRecord::appendOutput(const RunRecord& other) {
    if (!output.isEmpty() && !output.endsWith(QLatin1Char('\n')))
        output += QLatin1Char('\n');
    const int first = int(output.count(QLatin1Char('\n')));
    output += other.output;
    outputDropped += other.outputDropped;
    for (const auto& [line, id] : other.outputWorkItems)
        outputWorkItems.emplace_back(first + line, id);
}

std::vector<OutputLine> RunRecord::outputLines() const {
    std::vector<OutputLine> lines;
    if (output.isEmpty())
        return lines;
    QStringList texts = output.split(QLatin1Char('\n'));
    if (output.endsWith(QLatin1Char('\n')))
        texts.removeLast(); // what follows the last line's '\n'
    lines.reserve(size_t(texts.size()));
    for (QString& text : texts)
        lines.push_back({std::nullopt, std::move(text)});
    for (const auto& [line, id] : outputWorkItems)
        if (line >= 0 && size_t(line) < lines.size())
            lines[size_t(line)].workItem = id;
    return lines;
}

QString RunRecord::workItemText(const engine::CheckIds& id) {
    return QStringLiteral("%1,%2,%3").arg(id[0]).arg(id[1]).arg(id[2]);
}

QString RunRecord::sizeText(const std::vector<std::uint64_t>& size) {
    if (size.empty())
        return QStringLiteral("auto");
    QStringList parts;
    for (std::uint64_t value : size)
        parts.append(QString::number(value));
    return parts.join(QStringLiteral(" x "));
}

} // namespace clw::ui
