/// A language's phrasing templates compiled for the template matcher: the programs, in the order they
/// are tried, and the number of every word they use. Kept in the model cache with the trained model.
struct CompiledTemplates: Sendable {
    let programs: [TemplateProgram]
    let wordNumbers: [String: Int]

    func write(to writer: inout ModelWriter) {
        writer.write(index: wordNumbers)
        writer.write(count: programs.count)
        for program in programs { program.write(to: &writer) }
    }

    init(programs: [TemplateProgram], wordNumbers: [String: Int]) {
        self.programs = programs
        self.wordNumbers = wordNumbers
    }

    init(from reader: inout ModelReader) throws(ModelReader.Corrupt) {
        wordNumbers = try reader.readIndex()
        var programs: [TemplateProgram] = []
        for _ in 0..<(try reader.readCount(itemSize: 16)) {
            programs.append(try TemplateProgram(from: &reader, wordCount: wordNumbers.count))
        }
        self.programs = programs
    }
}
