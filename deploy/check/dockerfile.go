package check

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Instruction is one Dockerfile instruction with its continuation lines joined.
type Instruction struct {
	Cmd  string // upper case: FROM, RUN, COPY, ...
	Args string
}

// Stage is one build stage: its FROM image, its name and its instructions.
type Stage struct {
	Image, Name  string
	Instructions []Instruction
}

// ParseDockerfile splits a Dockerfile into stages.
func ParseDockerfile(path string) ([]Stage, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var stages []Stage
	var logical []string
	var current strings.Builder
	for _, line := range strings.Split(string(data), "\n") {
		trimmed := strings.TrimSpace(line)
		if current.Len() == 0 && (trimmed == "" || strings.HasPrefix(trimmed, "#")) {
			continue
		}
		if strings.HasPrefix(trimmed, "#") { // a comment inside a continued instruction
			continue
		}
		if cont, ok := strings.CutSuffix(trimmed, `\`); ok {
			current.WriteString(cont + " ")
			continue
		}
		current.WriteString(trimmed)
		logical = append(logical, current.String())
		current.Reset()
	}
	for _, l := range logical {
		cmd, args, _ := strings.Cut(l, " ")
		in := Instruction{Cmd: strings.ToUpper(cmd), Args: strings.TrimSpace(args)}
		if in.Cmd == "FROM" {
			fields := strings.Fields(in.Args)
			s := Stage{Image: fields[0]}
			if len(fields) == 3 && strings.EqualFold(fields[1], "AS") {
				s.Name = fields[2]
			}
			stages = append(stages, s)
			continue
		}
		if len(stages) == 0 {
			if in.Cmd == "ARG" {
				continue
			}
			return nil, fmt.Errorf("%s: %s before FROM", path, in.Cmd)
		}
		stages[len(stages)-1].Instructions = append(stages[len(stages)-1].Instructions, in)
	}
	return stages, nil
}

// Words splits a shell command into words, honouring double and single quotes and substituting ${NAME}
// and $NAME from vars (as the Dockerfile's ARG values).
func Words(command string, vars map[string]string) []string {
	var words []string
	var w strings.Builder
	inWord := false
	quote := rune(0)
	runes := []rune(command)
	for i := 0; i < len(runes); i++ {
		r := runes[i]
		switch {
		case quote == 0 && (r == ' ' || r == '\t'):
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case quote == 0 && (r == '"' || r == '\''):
			quote, inWord = r, true
		case quote != 0 && r == quote:
			quote = 0
		case r == '$' && quote != '\'':
			name := ""
			if i+1 < len(runes) && runes[i+1] == '{' {
				end := strings.IndexRune(string(runes[i+2:]), '}')
				name = string(runes[i+2 : i+2+end])
				i += end + 2
			} else {
				j := i + 1
				for j < len(runes) && (runes[j] == '_' || runes[j] >= 'A' && runes[j] <= 'Z' || runes[j] >= 'a' && runes[j] <= 'z' || runes[j] >= '0' && runes[j] <= '9') {
					j++
				}
				name = string(runes[i+1 : j])
				i = j - 1
			}
			w.WriteString(vars[name])
			// An empty value outside quotes makes no word, as in the shell.
			inWord = inWord || quote != 0 || vars[name] != ""
		default:
			w.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words
}

// DockerIgnore reads .dockerignore patterns: "**/name" leaves out name at any depth, "name" at the top.
func DockerIgnore() ([]string, error) {
	data, err := os.ReadFile(filepath.Join(Root(), ".dockerignore"))
	if err != nil {
		return nil, err
	}
	var patterns []string
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if l != "" && !strings.HasPrefix(l, "#") {
			patterns = append(patterns, l)
		}
	}
	return patterns, nil
}

// Ignored reports whether the context path rel (slash-separated) is left out by the patterns.
func Ignored(rel string, patterns []string) bool {
	parts := strings.Split(rel, "/")
	for _, p := range patterns {
		if any, ok := strings.CutPrefix(p, "**/"); ok {
			for _, part := range parts {
				if m, _ := filepath.Match(any, part); m {
					return true
				}
			}
			continue
		}
		if m, _ := filepath.Match(p, parts[0]); m && len(parts) >= 1 {
			if strings.Count(p, "/") == 0 {
				return true
			}
		}
		if m, _ := filepath.Match(p, rel); m {
			return true
		}
	}
	return false
}
